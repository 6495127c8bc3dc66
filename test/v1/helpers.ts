/** Small helpers shared by the /v1 test files: GET as an identity, assert a problem document. */
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import type { Harness, TestIdentity } from '../helpers/harness.js';

export type Who = TestIdentity | null;

/** GET `url` as `who` (its API key; `null`: no token). */
export const getAs = (h: Harness, who: Who, url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers: { ...(who ? who.keyAuth : {}), ...headers } });

/** GET and expect 200 JSON; returns the body. */
export async function ok<T = Record<string, unknown>>(h: Harness, who: Who, url: string): Promise<T> {
  const res = await getAs(h, who, url);
  assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  return res.json() as T;
}

/** GET and expect a problem+json document with `status`; returns it. */
export async function problem(h: Harness, who: Who, url: string, status: number, detail?: RegExp) {
  const res = await getAs(h, who, url);
  assert.equal(res.statusCode, status, `${url}: ${res.body.slice(0, 300)}`);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const body = res.json() as { type: string; title: string; status: number; detail: string; errors?: { name: string; in: string; reason: string }[] };
  assert.equal(body.status, status);
  assert.ok(body.title.length > 0);
  if (detail) assert.match(body.detail, detail);
  return body;
}

/** GET a CSV export and expect 200 `text/csv` as an attachment; returns the parsed rows. */
export async function csvRows(h: Harness, who: Who, url: string): Promise<Record<string, string>[]> {
  const res = await getAs(h, who, url);
  assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
  assert.match(String(res.headers['content-type']), /^text\/csv/);
  assert.match(String(res.headers['content-disposition']), /^attachment; filename="[a-z]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  return parse(res.body, { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
}

/** One identity of each kind the /v1 tests call as. */
export interface Callers {
  trial: TestIdentity; core: TestIdentity; pro: TestIdentity; proWat: TestIdentity; ent: TestIdentity; admin: TestIdentity; nosub: TestIdentity;
}

/** Creates a trial, core, professional, professional + wat, enterprise, admin and unsubscribed identity. */
export async function callers(h: Harness): Promise<Callers> {
  return {
    trial: await h.identity({ plan: 'trial' }),
    core: await h.identity({ plan: 'core' }),
    pro: await h.identity({ plan: 'professional' }),
    proWat: await h.identity({ plan: 'professional', addons: ['wat'] }),
    ent: await h.identity({ plan: 'enterprise' }),
    admin: await h.identity({ admin: true }),
    nosub: await h.identity({}),
  };
}
