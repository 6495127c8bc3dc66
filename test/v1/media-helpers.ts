/** Helpers of the imagery tests: images made with sharp, multipart uploads over HTTP. */
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { Harness, TestIdentity } from '../helpers/harness.js';

/** A solid-colour image of `width` × `height` in `format` (a gradient strip keeps it from being trivial). */
export async function image(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' = 'jpeg', colour = '#336699'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: colour } });
  return base.toFormat(format).toBuffer();
}

/** A multipart/form-data body with `file` (named `filename`) and text fields. */
export async function multipart(file: Buffer, filename: string, fields: Record<string, string> = {}, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type }), filename);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

/** POST /v1/admin/media as `who`. */
export async function upload(h: Harness, who: TestIdentity, file: Buffer, filename: string, fields: Record<string, string> = {}, type?: string) {
  const body = await multipart(file, filename, fields, type);
  return h.app.inject({ method: 'POST', url: '/v1/admin/media', headers: { ...who.keyAuth, 'content-type': body.contentType }, payload: body.payload });
}

/** Uploads and expects 201; returns the record. */
export async function uploaded(h: Harness, who: TestIdentity, file: Buffer, filename = 'photo.jpg', fields: Record<string, string> = {}) {
  const res = await upload(h, who, file, filename, fields);
  assert.equal(res.statusCode, 201, res.body.slice(0, 300));
  return res.json() as { id: string; content_type: string; width: number; height: number; filename: string; placeholder: string; version: string };
}

/** PATCH /v1/admin/media/{id}; expects 200. */
export async function bind(h: Harness, who: TestIdentity, id: string, body: Record<string, unknown>) {
  const res = await h.app.inject({ method: 'PATCH', url: `/v1/admin/media/${id}`, headers: who.keyAuth, payload: body });
  assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  return res.json() as Record<string, unknown>;
}
