/**
 * The newsletter: sending an edition's personalised digest into the outbox (send-newsletter.ts),
 * delivering the outbox (outbox.ts, the worker), and unsubscribing by a link's token
 * (unsubscribe.ts). What the faces, the CLI and the mail transport may import.
 */
export * from './schemas.js';
export { sendNewsletter, type NewsletterSettings, type SendResult } from './send-newsletter.js';
export { checkUnsubscribeLink, unsubscribe, type UnsubscribeLink } from './unsubscribe.js';
export {
  outboxUsage, processOutbox,
  type MailTransport, type OutboxRunReport, type OutboxWorkerOptions, type OutboxUsage, type OutgoingMail, type RunningWorker, type SendBudget,
} from './outbox.js';
export { type EditionSendRequest } from './send-newsletter.js';
export {
  DELIVERY_STATES, listNewsletterDeliveries, previewNewsletterRecipients,
  type Delivery, type DeliveryCounts, type DeliveryFilter, type DeliveryState, type PreviewRecipient,
} from './newsletter-deliveries.js';
export {
  loadAttachments, pdfFilename, renderDigestPdf, storeAttachments,
  type MailAttachment, type PdfDigest, type PdfDigestItem, type StoredAttachment,
} from './digest-pdf.js';
export { readEmailUsage, type EmailUsage } from './read-email-usage.js';
export { previewNewsletterDigest, type DigestPreview } from './preview-newsletter-digest.js';
