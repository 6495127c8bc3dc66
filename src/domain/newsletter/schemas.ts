/** The input schema of a newsletter send (TypeBox); the operation takes its `Static<>` type. */
import { Type, type Static } from 'typebox';
import { Int4Id } from '../shared/input-schema.js';

/** What the caller asks for; every member optional. Strict: an unknown field answers 400 naming it. */
export const NewsletterSend = Type.Object({
  editionNumber: Type.Optional(Int4Id('Issue number; default: the latest published edition')),
  dryRun: Type.Optional(Type.Boolean({ description: 'Answer who would receive it and how many; send nothing' })),
  onlyToSelf: Type.Optional(Type.Boolean({ description: 'Send only to the caller' })),
  testEmail: Type.Optional(Type.String({ format: 'email', maxLength: 320, description: 'Send only to this address' })),
  testEmails: Type.Optional(Type.Array(Type.String({ format: 'email', maxLength: 320 }), { maxItems: 50, description: 'Send only to these addresses' })),
}, { additionalProperties: false });
/** A send request, as {@link NewsletterSend} validates it. */
export type SendRequest = Static<typeof NewsletterSend>;
