/**
 * The security matrix of /v1: every /v1 route of the OpenAPI description (so a new route cannot
 * escape it), called by every kind of caller, answers the status the entitlements table of seed
 * 001 section 5 gives that caller, with problem+json on refusals. The expectations are written
 * here from the seed, independently of the routes' own configuration.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../helpers/harness.js';

const CALLERS = ['none', 'bad token', 'no subscription', 'trial', 'core', 'professional', 'professional + wat', 'enterprise', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Feature = 'archive' | 'projects' | 'wat' | 'exports';

/** Features (full or preview) each caller holds; admins hold everything. */
const HOLDS: Record<Caller, Feature[]> = {
  none: [], 'bad token': [], 'no subscription': [],
  trial: ['archive', 'projects', 'wat'], // previews
  core: ['archive'],
  professional: ['archive', 'projects', 'exports'],
  'professional + wat': ['archive', 'projects', 'exports', 'wat'],
  enterprise: ['archive', 'projects', 'exports', 'wat'],
  admin: ['archive', 'projects', 'exports', 'wat'],
};

/** What a route needs, from its path (seed 001, sections 4 and 5). */
function needs(path: string): { access: 'public' | 'user' | 'subscriber'; features: Feature[] } {
  if (['/v1/plans', '/v1/billing/config'].includes(path)) return { access: 'public', features: [] };
  if (path === '/v1/me') return { access: 'user', features: [] };
  const features: Feature[] = [];
  if (path.startsWith('/v1/search') || path === '/v1/airports/{ref}/articles') features.push('archive');
  if (path.startsWith('/v1/projects') || path === '/v1/airports/{ref}/projects') features.push('projects');
  if (path.startsWith('/v1/tenders')) features.push('wat');
  if (path.endsWith('/export')) features.push('exports');
  return { access: 'subscriber', features };
}

function expected(caller: Caller, path: string): number {
  const { access, features } = needs(path);
  if (access === 'public') return 200;
  if (caller === 'none' || caller === 'bad token') return 401;
  if (access === 'user') return 200;
  if (caller === 'no subscription') return 403;
  return features.every((f) => HOLDS[caller].includes(f)) ? 200 : 403;
}

let h: Harness;
const headers = new Map<Caller, Record<string, string>>();
const ids: Record<string, string> = {};

before(async () => {
  h = await startHarness({ sample: true });
  const key = async (opts: Parameters<Harness['identity']>[0]) => (await h.identity(opts)).keyAuth;
  headers.set('none', {});
  headers.set('bad token', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.bad' });
  headers.set('no subscription', await key({}));
  headers.set('trial', await key({ plan: 'trial' }));
  headers.set('core', (await h.identity({ plan: 'core' })).sessionAuth); // a session token works the same as a key
  headers.set('professional', await key({ plan: 'professional' }));
  headers.set('professional + wat', await key({ plan: 'professional', addons: ['wat'] }));
  headers.set('enterprise', await key({ plan: 'enterprise' }));
  headers.set('admin', await key({ admin: true }));
  const db = h.database.db;
  ids.edition = (await db.selectFrom('editions').select('id').where('status', '=', 'published').executeTakeFirstOrThrow()).id;
  ids.article = (await db.selectFrom('articles').select('id').where('edition_id', '=', ids.edition).executeTakeFirstOrThrow()).id;
  ids.project = (await db.selectFrom('projects').select('id').executeTakeFirstOrThrow()).id;
  ids.tender = (await db.selectFrom('tenders').select('id').executeTakeFirstOrThrow()).id;
});
after(() => h.close());

const concrete = (path: string) =>
  path
    .replace(/^\/v1\/editions\/\{id\}/, `/v1/editions/${ids.edition}`)
    .replace(/^\/v1\/articles\/\{id\}/, `/v1/articles/${ids.article}`)
    .replace(/^\/v1\/projects\/\{id\}/, `/v1/projects/${ids.project}`)
    .replace(/^\/v1\/tenders\/\{id\}/, `/v1/tenders/${ids.tender}`)
    .replace('{ref}', 'LHR');

describe('security matrix of /v1', () => {
  it('answers every caller as seed 001 section 5 says, on every /v1 route', async () => {
    const spec = h.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.keys(spec.paths).filter((p) => p.startsWith('/v1/'));
    assert.ok(paths.length >= 25, `${paths.length} /v1 paths`);
    for (const path of paths) {
      for (const method of Object.keys(spec.paths[path]!)) {
        for (const caller of CALLERS) {
          const res = await h.app.inject({ method: method.toUpperCase() as 'GET', url: concrete(path), headers: headers.get(caller)! });
          const want = expected(caller, path);
          assert.equal(res.statusCode, want, `${caller} ${method} ${path}: ${res.body.slice(0, 200)}`);
          if (want >= 400) {
            assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
            const body = res.json() as { status: number; title: string; detail: string };
            assert.equal(body.status, want);
            if (want === 403 && caller !== 'no subscription') assert.match(body.detail, /feature "(archive|projects|wat|exports)"/);
          }
        }
      }
    }
  });
});
