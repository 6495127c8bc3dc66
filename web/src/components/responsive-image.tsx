/**
 * An image of the media library (an article's cover, an airport's imagery) as the API describes it
 * (`V1Media`, docs/media.md): `srcset` over the `w` ladder the record lists (only widths up to the
 * original's, since variants are never enlarged), `width` and `height` set from the original so the
 * box is reserved before the bytes arrive (no layout shift), the record's ThumbHash painted as the
 * background until the image has loaded, and `loading="lazy"` for images below the fold.
 * The alt text is the record's (`alt` overrides it; an image without one is decorative: `alt=""`).
 */
import { useMemo, useState, type CSSProperties } from 'react';
import { thumbHashToDataURL } from 'thumbhash';

/** The media record's fields this component reads (the API's `V1Media`). */
export interface ResponsiveMedia {
  /** Path of the bytes, e.g. `/v1/media/<id>`; `?w=` selects a ladder width. */
  url: string;
  /** Pixel size of the original (null when unknown: then 1600 × 900 is assumed for the box). */
  width: number | null;
  height: number | null;
  alt_text: string | null;
  /** ThumbHash, base64. */
  placeholder: string | null;
  /** The widths `w` may take. */
  widths: number[];
}

export interface ResponsiveImageProps {
  media: ResponsiveMedia;
  /** The `sizes` attribute: how wide the image is drawn (default: the full viewport up to 960 px). */
  sizes?: string;
  /** Below the fold: load lazily (default `false`: eager, for the page's first image). */
  lazy?: boolean;
  /** Overrides the record's alt text (e.g. `""` when a caption already says it). */
  alt?: string;
  /** Corner radius and other box styles. */
  style?: CSSProperties;
  className?: string;
}

/** base64 → bytes (browsers: `atob`). */
function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The ThumbHash as a `data:` PNG URL, or null when absent or malformed. */
export function placeholderUrl(hash: string | null): string | null {
  if (!hash) return null;
  try {
    return thumbHashToDataURL(base64Bytes(hash));
  } catch {
    return null;
  }
}

/** `url` with `?w=` (or `&w=`). */
const withWidth = (url: string, w: number) => `${url}${url.includes('?') ? '&' : '?'}w=${w}`;

/** The `srcset` of `media`: each ladder width up to the original's, as `url?w=N Nw`. */
export function srcSetOf(media: ResponsiveMedia): { src: string; srcSet: string | undefined } {
  const max = media.width ?? Number.POSITIVE_INFINITY;
  const widths = [...media.widths].sort((a, b) => a - b).filter((w) => w <= max);
  if (widths.length === 0) return { src: media.url, srcSet: undefined };
  const src = withWidth(media.url, widths.find((w) => w >= 640) ?? widths[widths.length - 1]!);
  const entries = widths.map((w) => `${withWidth(media.url, w)} ${w}w`);
  if (media.width && media.width > widths[widths.length - 1]!) entries.push(`${media.url} ${media.width}w`);
  return { src, srcSet: entries.join(', ') };
}

/** A responsive, placeholder-first, optionally lazy image of the media library. */
export function ResponsiveImage({ media, sizes = '(min-width: 1000px) 960px, 100vw', lazy = false, alt, style, className }: ResponsiveImageProps) {
  const [loaded, setLoaded] = useState(false);
  const background = useMemo(() => placeholderUrl(media.placeholder), [media.placeholder]);
  const { src, srcSet } = srcSetOf(media);
  const width = media.width ?? 1600;
  const height = media.height ?? 900;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt ?? media.alt_text ?? ''}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      onLoad={() => setLoaded(true)}
      className={className}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: `${width} / ${height}`,
        objectFit: 'cover',
        ...(background && !loaded ? { backgroundImage: `url(${background})`, backgroundSize: '100% 100%' } : {}),
        ...style,
      }}
    />
  );
}
