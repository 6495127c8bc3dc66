/**
 * Response compression: Brotli or gzip, as the client's `Accept-Encoding` prefers, for
 * bodies over 1 KB, streamed for streamed bodies (CSV exports) — `@fastify/compress`. The ETag is
 * that of the identity bytes (src/http/response-cache.ts runs first) and `Vary: Accept-Encoding` is
 * sent. Levels: Brotli quality 4 and gzip level 5 — see the figures of `bench/compression.ts` in
 * bench/README.md (beyond them the CPU per byte grows much faster than the size falls).
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** What {@link installCompression} takes. */
export interface CompressionOptions {
  /** Default true. */
  enabled?: boolean;
  /** Smallest body compressed, in bytes; default 1024. */
  threshold?: number;
  /** Brotli quality 0–11; default 4. */
  brotliQuality?: number;
  /** gzip level 1–9; default 5. */
  gzipLevel?: number;
}

/** Default levels, chosen from bench/compression.ts. */
export const COMPRESSION_DEFAULTS = { threshold: 1024, brotliQuality: 4, gzipLevel: 5 } as const;

/** Registers `@fastify/compress` on `app` (all routes registered after it). */
export async function installCompression(app: FastifyInstance, options: CompressionOptions = {}): Promise<void> {
  if (options.enabled === false) return;
  await app.register(compress, {
    global: true,
    threshold: options.threshold ?? COMPRESSION_DEFAULTS.threshold,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? COMPRESSION_DEFAULTS.brotliQuality } },
    zlibOptions: { level: options.gzipLevel ?? COMPRESSION_DEFAULTS.gzipLevel },
    // Only what the client asked for: no decompression of request bodies.
    globalDecompression: false,
  });
}
