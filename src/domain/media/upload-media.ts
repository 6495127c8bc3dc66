/** Uploading an image to the library (administrators; audited). */
import { adminWrite, requireAdmin } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { DomainError } from '../errors.js';
import { loadMediaDetail, type MediaDetail } from './get-media.js';
import { cleanUpload, type UploadLimits } from './images.js';
import type { UploadInput } from './schemas.js';
import { insertMedia } from './insert-media.js';

/**
 * Checks the upload by its bytes (JPEG, PNG, WebP, AVIF or GIF; the name is only a label), caps it
 * (`limits`: bytes and pixels, so a decompression bomb is refused before it is decoded), re-encodes
 * it without metadata (EXIF, GPS, XMP, IPTC are gone), computes its ThumbHash and stores record and
 * original in one transaction. Nothing is stored when a check fails.
 * @throws DomainError VALIDATION (no file, undecodable), TOO_LARGE (413), UNSUPPORTED_MEDIA_TYPE (415),
 * UNAUTHENTICATED, FORBIDDEN
 */
export async function uploadMedia(ctx: Ctx, input: UploadInput, limits: UploadLimits): Promise<MediaDetail> {
  requireAdmin(ctx.identity);
  if (!input.bytes) throw new DomainError('VALIDATION', 'file: an image file is required (multipart/form-data field "file")', { param: 'file' });
  const image = await cleanUpload(input.bytes, limits);
  return adminWrite(ctx, async (trx, tctx) => {
    const id = await insertMedia(trx, image, { ...input, kind: 'upload' }, tctx.now());
    const detail = await loadMediaDetail(tctx, id);
    await recordAudit(trx, tctx, { action: 'create', entity: 'media', entityId: id, after: { ...detail, pinned_by: undefined } });
    return detail;
  });
}
