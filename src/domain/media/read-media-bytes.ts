/** The bytes of an asset: the original, or a variant of the width ladder (readers). */
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { hasAlpha, renderVariant, variantFormat, CONTENT_TYPES, UPLOAD_FORMATS, type ImageFormat, type LadderWidth } from './images.js';
import { mediaStoreOf, originalKey, variantKey } from './store.js';

/** What to send. */
export interface MediaBytes {
  contentType: string;
  /** Hex SHA-256 of exactly these bytes: the strong ETag. */
  sha256: string;
  /** `null` when the caller's `If-None-Match` already names these bytes (answer 304). */
  bytes: Buffer | null;
  /** Whether the representation depends on `Accept` (variants: WebP when accepted). */
  negotiated: boolean;
}

const formatOf = (contentType: string): ImageFormat =>
  UPLOAD_FORMATS.find((f) => CONTENT_TYPES[f] === contentType) ?? 'jpeg';

/**
 * The original of asset `id` (without `w`) or its variant `w` pixels wide (never enlarged), in
 * WebP when `accept` lists image/webp, else in the original's format (JPEG for WebP, AVIF and GIF
 * originals without transparency, PNG with). A variant is rendered with sharp on its first request
 * and kept in the store; later requests read it. `etags` are the entity tags of `If-None-Match`.
 * @throws DomainError NOT_FOUND
 */
export async function readMediaBytes(ctx: Ctx, input: { id: string; w?: LadderWidth | undefined; accept?: string | undefined; etags?: string[] }): Promise<MediaBytes> {
  const store = mediaStoreOf(ctx.db);
  const asset = await ctx.db.selectFrom('media_assets').select(['storage_key', 'content_type']).where('id', '=', input.id).executeTakeFirst();
  if (!asset) throw notFound('Media asset');
  const matches = (sha: string) => (input.etags ?? []).includes(sha);
  if (input.w === undefined) {
    const head = await store.head(asset.storage_key);
    if (!head) throw notFound('Media asset');
    if (matches(head.sha256)) return { contentType: head.contentType, sha256: head.sha256, bytes: null, negotiated: false };
    const original = (await store.get(asset.storage_key))!;
    return { contentType: original.contentType, sha256: original.sha256, bytes: original.bytes, negotiated: false };
  }
  const original = formatOf(asset.content_type);
  // The variant key names the negotiated format; the alpha question only matters for WebP/AVIF/GIF originals.
  const webp = variantFormat(input.accept, 'jpeg', false) === 'webp';
  const guess: ImageFormat | null = webp ? 'webp' : original === 'jpeg' || original === 'png' ? original : null;
  for (const format of guess ? [guess] : ['jpeg', 'png'] as const) {
    const key = variantKey(input.id, input.w, format);
    const head = await store.head(key);
    if (!head) continue;
    if (matches(head.sha256)) return { contentType: head.contentType, sha256: head.sha256, bytes: null, negotiated: true };
    const cached = await store.get(key);
    if (cached) return { contentType: cached.contentType, sha256: cached.sha256, bytes: cached.bytes, negotiated: true };
  }
  const source = await store.get(originalKey(input.id)) ?? await store.get(asset.storage_key);
  if (!source) throw notFound('Media asset');
  const format = guess ?? variantFormat(input.accept, original, await hasAlpha(source.bytes));
  const variant = await renderVariant(source.bytes, input.w, format);
  const sha256 = await store.put(variantKey(input.id, input.w, format), variant.bytes, CONTENT_TYPES[format], ctx.now());
  return { contentType: CONTENT_TYPES[format], sha256, bytes: variant.bytes, negotiated: true };
}
