/**
 * Image processing with sharp: checking an upload by its bytes, re-encoding it without metadata,
 * its ThumbHash placeholder, and the variants of the width ladder. No database here.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { DomainError } from '../errors.js';

/** The widths a variant may have (seed 001, section 8), in pixels. */
export const WIDTH_LADDER = [144, 288, 320, 640, 960, 1280] as const;
/** One ladder width. */
export type LadderWidth = (typeof WIDTH_LADDER)[number];

/** The formats an upload may have, by what its bytes say (sharp's names; AVIF is `heif` + av1). */
export const UPLOAD_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
/** One accepted format. */
export type ImageFormat = (typeof UPLOAD_FORMATS)[number];

/** Content type of each format. */
export const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif',
};

/** File extension of each format. */
export const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' };

/** The caps of an upload. */
export interface UploadLimits {
  /** Largest upload in bytes (MEDIA_MAX_BYTES). */
  maxBytes: number;
  /** Most pixels (width × height) of an upload (MEDIA_MAX_PIXELS); a decompression bomb exceeds it. */
  maxPixels: number;
}

/** The defaults: 20 MB, 50 megapixels. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxBytes: 20 * 1024 * 1024, maxPixels: 50_000_000 };

/** A checked upload, ready to store. */
export interface CleanImage {
  format: ImageFormat;
  contentType: string;
  /** The re-encoded bytes: same format, oriented, no EXIF/XMP/IPTC (GPS included). */
  bytes: Buffer;
  width: number;
  height: number;
  /** ThumbHash of the image, base64. */
  placeholder: string;
}

const unsupported = () => new DomainError('UNSUPPORTED_MEDIA_TYPE', 'file: not an image of an accepted type (JPEG, PNG, WebP, AVIF or GIF), judged by its bytes', { param: 'file' });

/** The format of `bytes` by their content (magic numbers read by libvips), or `null`. */
async function sniff(bytes: Buffer, maxPixels: number): Promise<{ format: ImageFormat; width: number; height: number; pages: number } | null> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : null) : meta.format;
  if (!format || !(UPLOAD_FORMATS as readonly string[]).includes(format) || !meta.width || !meta.height) return null;
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height > maxPixels) {
    throw new DomainError('TOO_LARGE', `file: ${meta.width}×${height} pixels is more than the ${maxPixels} allowed`, { param: 'file' });
  }
  return { format: format as ImageFormat, width: meta.width, height, pages: meta.pages ?? 1 };
}

/** Encodes `img` in `format` (no metadata kept: sharp writes none unless asked). */
function encode(img: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg': return img.jpeg({ quality: 82, mozjpeg: true });
    case 'png': return img.png({ compressionLevel: 9 });
    case 'webp': return img.webp({ quality: 80 });
    case 'avif': return img.avif({ quality: 55, effort: 2 });
    case 'gif': return img.gif();
  }
}

/** ThumbHash (base64) of the image in `bytes`. */
export async function placeholderOf(bytes: Buffer): Promise<string> {
  const { data, info } = await sharp(bytes, { limitInputPixels: false }).resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/**
 * Checks an upload by its bytes and re-encodes it in its own format without metadata.
 * @throws DomainError TOO_LARGE (more bytes or pixels than `limits`), UNSUPPORTED_MEDIA_TYPE (not
 * JPEG, PNG, WebP, AVIF or GIF by content, whatever its name), VALIDATION (empty, or undecodable)
 */
export async function cleanUpload(bytes: Buffer, limits: UploadLimits): Promise<CleanImage> {
  if (bytes.byteLength === 0) throw new DomainError('VALIDATION', 'file: the upload is empty', { param: 'file' });
  if (bytes.byteLength > limits.maxBytes) throw new DomainError('TOO_LARGE', `file: larger than ${limits.maxBytes} bytes`, { param: 'file' });
  const found = await sniff(bytes, limits.maxPixels);
  if (!found) throw unsupported();
  const animated = found.format === 'gif' || found.format === 'webp';
  try {
    // rotate(): apply the EXIF orientation before the EXIF block goes.
    const img = sharp(bytes, { limitInputPixels: limits.maxPixels, animated: animated && found.pages > 1 }).rotate();
    const { data, info } = await encode(img, found.format).toBuffer({ resolveWithObject: true });
    return {
      format: found.format,
      contentType: CONTENT_TYPES[found.format],
      bytes: data,
      width: info.width,
      height: info.pageHeight ?? info.height,
      placeholder: await placeholderOf(data),
    };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError('VALIDATION', 'file: the image could not be decoded', { param: 'file' });
  }
}

/**
 * The format a variant is served in: WebP when `accept` lists it (with q > 0), else the original's
 * format when it is JPEG or PNG, else JPEG (PNG for an original with transparency).
 */
export function variantFormat(accept: string | undefined, original: ImageFormat, hasAlpha: boolean): ImageFormat {
  if (acceptsType(accept, 'image/webp')) return 'webp';
  if (original === 'jpeg' || original === 'png') return original;
  return hasAlpha ? 'png' : 'jpeg';
}

/** True when the `Accept` header lists `type` (or `image/*`, never `* / *` alone) with q above 0. */
export function acceptsType(accept: string | undefined, type: string): boolean {
  if (!accept) return false;
  for (const part of accept.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';').map((s) => s.trim());
    if (range !== type) continue;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** A rendered variant. */
export interface Variant {
  bytes: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

/** Whether the image in `bytes` has an alpha channel. */
export async function hasAlpha(bytes: Buffer): Promise<boolean> {
  return (await sharp(bytes, { limitInputPixels: false }).metadata()).hasAlpha === true;
}

/** The first frame of `bytes` resized to `width` (never enlarged), encoded as `format`. */
export async function renderVariant(bytes: Buffer, width: number, format: ImageFormat): Promise<Variant> {
  const img = sharp(bytes, { limitInputPixels: false }).resize({ width, withoutEnlargement: true });
  const { data, info } = await encode(img, format).toBuffer({ resolveWithObject: true });
  return { bytes: data, format, width: info.width, height: info.height };
}
