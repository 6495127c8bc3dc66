/**
 * Issue 30: the change feed (/v1/changes), updated_since on the project and tender lists and
 * exports of both editions, and the project history (/v1/projects/{id}/history), over HTTP.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { DAY_MS } from '../../src/domain/clock.js';
import { pruneChanges } from '../../src/domain/changes/index.js';
import { TENDER_STATUSES } from '../../src/domain/tenders/index.js';
import { makeArticle, makeEdition, makeProject, makeTender } from '../helpers/factories.js';
import { startHarness, TEST_NOW, type Harness, type TestIdentity } from '../helpers/harness.js';
import { callers, csvRows, getAs, ok, problem, type Callers } from './helpers.js';

let h: Harness;
let who: Callers;
before(async () => {
  h = await startHarness();
  who = await callers(h);
});
after(() => h.close());

type Change = { cursor: string; type: string; id: string; op: 'created' | 'updated' | 'deleted'; changed_at: string; changed_fields: string[] };
type Page = { changes: Change[]; next_cursor: string };

const send = (admin: TestIdentity, method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
  h.app.inject({ method, url, headers: { ...admin.keyAuth, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload: JSON.stringify(payload) } : {}) });

/** Every change after `since`, page by page (`limit` each), and the cursor at the end. */
async function follow(reader: TestIdentity, since: string, query = '', limit = 37): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  let cursor = since;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await ok<Page>(h, reader, `/v1/changes?since=${encodeURIComponent(cursor)}&limit=${limit}${query}`);
    changes.push(...page.changes);
    cursor = page.next_cursor;
    if (page.changes.length < limit) return { changes, cursor };
  }
  throw new Error('the feed never ended');
}

const nowCursor = async (reader: TestIdentity, query = '') => (await ok<Page>(h, reader, `/v1/changes?since=now${query}`)).next_cursor;

/** The export columns a record of the JSON read shows, as the CSV writes them. */
function asCsv(record: Record<string, unknown>, columns: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) {
    const v = record[c];
    out[c] = v === null || v === undefined ? '' : Array.isArray(v) ? v.join('; ') : String(v);
  }
  return out;
}

const PROJECT_COLUMNS = ['id', 'title', 'airport', 'iata_code', 'country_code', 'region', 'project_type', 'status', 'value_amount', 'value_currency',
  'value_basis', 'announced_on', 'expected_completion_year', 'parent_project_id'];
const TENDER_COLUMNS = ['id', 'title', 'reference', 'buyer', 'airport', 'iata_code', 'country_code', 'region', 'type', 'status', 'published_on',
  'estimated_value', 'currency', 'awarded_to', 'source_name', 'source_url'];

/** The tender export of every status (the list and export default to the live ones). */
const ALL_TENDERS = `/v1/tenders/export?status=${TENDER_STATUSES.join(',')}`;

const byId = (rows: Record<string, string>[], columns: string[]) => new Map(rows.map((r) => [r.id!, asCsv(r, columns)]));

/** A seeded pseudo-random sequence (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the change feed', () => {
  it('brings a copy taken from an export to exactly a fresh export after 200 writes by two concurrent writers', async () => {
    const admin = who.admin;
    for (let i = 0; i < 12; i++) await makeProject(h, { title: `Sync project ${i}`, value_amount: 1000 * i, value_currency: 'EUR' });
    for (let i = 0; i < 6; i++) await makeTender(h, { title: `Sync tender ${i}`, deadline: '2027-03-01T12:00:00.000Z' });

    // The client: a cursor just before the export, then the export.
    const start = await nowCursor(who.ent, '&types=projects,tenders');
    const projects = byId(await csvRows(h, who.ent, '/v1/projects/export'), PROJECT_COLUMNS);
    const tenders = byId(await csvRows(h, who.ent, ALL_TENDERS), TENDER_COLUMNS);

    // Two writers, 100 writes each, interleaved: creates, updates (some unpublishing), deletes.
    const writer = async (seed: number) => {
      const rnd = random(seed);
      const mine: { type: 'projects' | 'tenders'; id: string }[] = [];
      const pool = async (type: 'projects' | 'tenders') => {
        const rows = await h.database.db.selectFrom(type).select('id').execute();
        return rows.map((r) => r.id);
      };
      for (let i = 0; i < 100; i++) {
        const type = rnd() < 0.6 ? 'projects' : 'tenders';
        const roll = rnd();
        if (roll < 0.3) {
          const res = type === 'projects'
            ? await send(admin, 'POST', '/v1/admin/projects', { title: `W${seed} project ${i}`, status: 'planned', value_amount: Math.floor(rnd() * 1e6), value_currency: 'USD' })
            : await send(admin, 'POST', '/v1/admin/tenders', { title: `W${seed} tender ${i}`, buyer: 'Writer buyer', type: 'rfp', deadline: '2027-02-01T00:00:00.000Z' });
          assert.equal(res.statusCode, 201, res.body);
          mine.push({ type, id: (res.json() as { id: string }).id });
          continue;
        }
        const ids = await pool(type);
        if (!ids.length) continue;
        const id = ids[Math.floor(rnd() * ids.length)]!;
        let res;
        if (roll < 0.8) {
          const patch = type === 'projects'
            ? [{ status: 'ongoing' }, { value_amount: Math.floor(rnd() * 1e9), value_basis: 'contract' }, { expected_completion_year: 2030 + Math.floor(rnd() * 10) }, { title: `Renamed ${seed}-${i}` }][Math.floor(rnd() * 4)]
            : [{ status: 'closed' }, { estimated_value: Math.floor(rnd() * 1e7), currency: 'GBP' }, { title: `Renamed tender ${seed}-${i}` }, { awarded_to: 'Winner Ltd' }][Math.floor(rnd() * 4)];
          res = await send(admin, 'PATCH', `/v1/admin/${type}/${id}`, patch);
        } else {
          res = await send(admin, 'DELETE', `/v1/admin/${type}/${id}`);
        }
        // The other writer may have deleted it a moment ago.
        assert.ok([200, 404].includes(res.statusCode), `${res.statusCode} ${res.body}`);
      }
      return mine;
    };
    const unpublish = async () => {
      // A record that leaves the readers' scope: unpublished by direct SQL (a write outside the API).
      const victim = await makeProject(h, { title: 'Sync project to unpublish' });
      await h.database.db.updateTable('projects').set({ published: false }).where('id', '=', victim.id).execute();
      return victim.id;
    };
    const [, , hidden] = await Promise.all([writer(1), writer(2), unpublish()]);

    // A rolled-back write never appears.
    await assert.rejects(h.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('projects').values({ title: 'Rolled back' }).execute();
      await trx.updateTable('projects').set({ status: 'ongoing' }).where('title', '=', 'Sync project 0').execute();
      throw new Error('roll back');
    }));

    const { changes } = await follow(who.ent, start, '&types=projects,tenders');
    const seen = new Set<string>();
    for (const change of changes) {
      seen.add(change.id);
      const copy = change.type === 'projects' ? projects : tenders;
      const columns = change.type === 'projects' ? PROJECT_COLUMNS : TENDER_COLUMNS;
      if (change.op === 'deleted') {
        copy.delete(change.id);
        continue;
      }
      const res = await getAs(h, who.ent, `/v1/${change.type}/${change.id}`);
      if (res.statusCode === 404) copy.delete(change.id); // deleted later in the feed
      else copy.set(change.id, asCsv(res.json() as Record<string, unknown>, columns));
    }
    assert.ok(changes.length >= 150, `${changes.length} changes`);
    assert.ok(changes.every((c) => ['projects', 'tenders'].includes(c.type)));
    assert.equal(changes.filter((c) => c.id === hidden).at(-1)?.op, 'deleted', 'an unpublished record reads as deleted');
    const rolledBack = await h.database.db.selectFrom('projects').select('id').where('title', 'like', 'Rolled back%').execute();
    assert.deepEqual(rolledBack, []);

    const freshProjects = byId(await csvRows(h, who.ent, '/v1/projects/export'), PROJECT_COLUMNS);
    const freshTenders = byId(await csvRows(h, who.ent, ALL_TENDERS), TENDER_COLUMNS);
    assert.deepEqual([...projects.keys()].sort(), [...freshProjects.keys()].sort(), 'the same projects');
    for (const [id, row] of freshProjects) assert.deepEqual(projects.get(id), row, `project ${id}`);
    assert.deepEqual([...tenders.keys()].sort(), [...freshTenders.keys()].sort(), 'the same tenders');
    for (const [id, row] of freshTenders) assert.deepEqual(tenders.get(id), row, `tender ${id}`);
  });

  it('lists changes in commit order, even when a later transaction committed first', async () => {
    const a = await makeProject(h, { title: 'Commit order A' });
    const b = await makeProject(h, { title: 'Commit order B' });
    const start = await nowCursor(who.ent, '&types=projects');
    if (h.database.kind === 'postgres') {
      // T1 writes first (smaller sequence number) but commits after T2.
      let releaseT1!: () => void;
      let t1Wrote!: () => void;
      const wrote = new Promise<void>((resolve) => { t1Wrote = resolve; });
      const t1 = h.database.db.transaction().execute(async (trx) => {
        await trx.updateTable('projects').set({ status: 'ongoing' }).where('id', '=', a.id).execute();
        t1Wrote();
        await new Promise<void>((r) => { releaseT1 = r; });
      });
      await wrote;
      await h.database.db.updateTable('projects').set({ status: 'complete' }).where('id', '=', b.id).execute();
      const first = await follow(who.ent, start, '&types=projects');
      assert.deepEqual(first.changes.map((c) => c.id), [b.id], 'only the committed change is handed out');
      releaseT1();
      await t1;
      const second = await follow(who.ent, first.cursor, '&types=projects');
      assert.deepEqual(second.changes.map((c) => c.id), [a.id], 'the earlier-written, later-committed change follows');
    } else {
      // One connection: transactions take turns; the order is that of the commits.
      await h.database.db.updateTable('projects').set({ status: 'complete' }).where('id', '=', b.id).execute();
      await h.database.db.updateTable('projects').set({ status: 'ongoing' }).where('id', '=', a.id).execute();
      const all = await follow(who.ent, start, '&types=projects');
      assert.deepEqual(all.changes.map((c) => c.id), [b.id, a.id]);
    }
  });

  it('reports one change per record per write, with the fields it changed', async () => {
    const p = await makeProject(h, { title: 'Fields project', value_amount: 10, value_currency: 'USD' });
    const start = await nowCursor(who.ent);
    const res = await send(who.admin, 'PATCH', `/v1/admin/projects/${p.id}`, { status: 'ongoing', value_amount: 20, topics: [] });
    assert.equal(res.statusCode, 200);
    const noop = await send(who.admin, 'PATCH', `/v1/admin/projects/${p.id}`, { status: 'ongoing' });
    assert.equal(noop.statusCode, 200);
    const { changes } = await follow(who.ent, start);
    assert.equal(changes.length, 1, JSON.stringify(changes));
    assert.deepEqual({ ...changes[0], cursor: '', changed_at: '' }, { cursor: '', changed_at: '', type: 'projects', id: p.id, op: 'updated', changed_fields: ['status', 'value_amount', 'value_usd'] });
    assert.equal(changes[0]!.changed_at, TEST_NOW);
  });

  it('shows a trial only its preview, a reader without wat no tenders', async () => {
    const tender = await makeTender(h, { title: 'Scope tender' });
    const start = await nowCursor(who.pro);
    await send(who.admin, 'PATCH', `/v1/admin/tenders/${tender.id}`, { title: 'Scope tender renamed' });
    const far = await makeProject(h, { title: 'zzz Far from the preview' });
    await send(who.admin, 'PATCH', `/v1/admin/projects/${far.id}`, { status: 'ongoing' });
    const pro = await follow(who.pro, start);
    assert.ok(pro.changes.length > 0);
    assert.ok(pro.changes.every((c) => c.type !== 'tenders'), 'no tenders without wat');
    assert.ok(pro.changes.some((c) => c.id === far.id));
    await problem(h, who.pro, '/v1/changes?types=tenders', 403, /feature "wat"/);
    await problem(h, who.nosub, '/v1/changes', 403);

    // The trial follows the first five projects by title.
    const before = (await ok<{ projects: { id: string }[] }>(h, who.trial, '/v1/projects?limit=5')).projects.map((p) => p.id);
    assert.equal(before.length, 5);
    const trialStart = await nowCursor(who.trial, '&types=projects');
    await send(who.admin, 'PATCH', `/v1/admin/projects/${before[0]}`, { status: 'on_hold' });
    await send(who.admin, 'PATCH', `/v1/admin/projects/${far.id}`, { status: 'complete' });
    const first = await follow(who.trial, trialStart, '&types=projects');
    assert.deepEqual(first.changes.map((c) => [c.id, c.op]), [[before[0], 'updated']]);
    // A new project ahead of them by title pushes the fifth out of the preview.
    const ahead = await makeProject(h, { title: '0000 First by title' });
    const second = await follow(who.trial, first.cursor, '&types=projects');
    const ops = new Map(second.changes.map((c) => [c.id, c.op]));
    assert.equal(ops.get(ahead.id), 'created');
    assert.equal(ops.get(before[4]!), 'deleted');
    assert.ok(!ops.has(far.id));
    assert.ok(second.changes.every((c) => c.type === 'projects'));
  });

  it('follows articles through their edition (publish, delete) and calendar events', async () => {
    const draft = await makeEdition(h, { status: 'draft' });
    const article = await makeArticle(h, { edition_id: draft.id, headline: 'Feed article in a draft' });
    const start = await nowCursor(who.ent, '&types=articles,events');
    await send(who.admin, 'PATCH', `/v1/admin/articles/${article.id}`, { headline: 'Feed article, still a draft' });
    assert.deepEqual((await follow(who.ent, start, '&types=articles,events')).changes, [], 'drafts are nobody\'s change');
    assert.equal((await send(who.admin, 'POST', `/v1/admin/editions/${draft.id}/publish`)).statusCode, 200);
    const event = await send(who.admin, 'POST', '/v1/admin/calendar', { title: 'Feed Expo', starts_on: '2027-04-01' });
    assert.equal(event.statusCode, 201, event.body);
    const eventId = (event.json() as { id: string }).id;
    const published = await follow(who.ent, start, '&types=articles,events');
    assert.deepEqual(published.changes.map((c) => [c.type, c.id, c.op]), [['articles', article.id, 'created'], ['events', eventId, 'created']]);
    // A core reader (archive, no projects) follows articles and events by default.
    assert.ok((await follow(who.core, start)).changes.some((c) => c.id === article.id));
    assert.equal((await send(who.admin, 'DELETE', `/v1/admin/editions/${draft.id}`)).statusCode, 200, 'DELETE answers 200 with the edition as it was');
    const gone = await follow(who.ent, published.cursor, '&types=articles');
    assert.deepEqual(gone.changes.map((c) => [c.id, c.op]), [[article.id, 'deleted']]);
  });

  it('refuses what is not a cursor', async () => {
    await problem(h, who.ent, '/v1/changes?since=bm90LWEtY3Vyc29y', 400, /since/);
    await problem(h, who.ent, '/v1/changes?since=%25%25', 400, /since/);
    await problem(h, who.ent, '/v1/changes?types=projects,users', 400);
  });
});

describe('updated_since', () => {
  it('returns exactly the projects and tenders changed after the instant, on both editions and the exports', async () => {
    const old = await makeProject(h, { title: 'Since old project' });
    const oldTender = await makeTender(h, { title: 'Since old tender' });
    h.clock.set('2027-01-10T00:00:00.000Z');
    try {
      const changed = await makeProject(h, { title: 'Since new project' });
      const touched = await makeProject(h, { title: 'Since touched project' });
      const newTender = await makeTender(h, { title: 'Since new tender', deadline: '2027-06-01T00:00:00.000Z' });
      h.clock.set('2027-01-20T00:00:00.000Z');
      assert.equal((await send(who.admin, 'PATCH', `/v1/admin/projects/${old.id}`, { status: 'ongoing' })).statusCode, 200);
      assert.equal((await send(who.admin, 'PATCH', `/v1/admin/tenders/${oldTender.id}`, { title: 'Since old tender renamed' })).statusCode, 200);
      assert.equal((await send(who.admin, 'PATCH', `/v1/admin/projects/${touched.id}`, { title: 'Since touched project again' })).statusCode, 200);

      const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
      const since = encodeURIComponent('2027-01-15T00:00:00Z');
      assert.deepEqual(ids((await ok<{ projects: { id: string }[] }>(h, who.ent, `/v1/projects?updated_since=${since}&limit=200`)).projects), [old.id, touched.id].sort());
      assert.deepEqual(ids(await csvRows(h, who.ent, `/v1/projects/export?updated_since=${since}`) as { id: string }[]), [old.id, touched.id].sort());
      assert.deepEqual(ids((await ok<{ data: { id: string }[] }>(h, who.ent, `/api/v1/projects?updated_since=${since}&limit=100`)).data), [old.id, touched.id].sort());
      assert.deepEqual(ids((await ok<{ tenders: { id: string }[] }>(h, who.ent, `/v1/tenders?updated_since=${since}&limit=200`)).tenders), [oldTender.id]);
      assert.deepEqual(ids(await csvRows(h, who.ent, `/v1/tenders/export?updated_since=${since}`) as { id: string }[]), [oldTender.id]);
      assert.deepEqual(ids((await ok<{ data: { id: string }[] }>(h, who.ent, `/api/v1/tenders?updated_since=${since}&closed=1&limit=100`)).data), [oldTender.id]);
      const earlier = encodeURIComponent('2027-01-05T00:00:00+01:00');
      const all = ids((await ok<{ projects: { id: string }[] }>(h, who.ent, `/v1/projects?updated_since=${earlier}&limit=200`)).projects);
      assert.deepEqual(all, [old.id, changed.id, touched.id].sort());
      assert.ok(ids((await ok<{ tenders: { id: string }[] }>(h, who.ent, `/v1/tenders?updated_since=${earlier}&limit=200`)).tenders).includes(newTender.id));
      await problem(h, who.ent, '/v1/projects?updated_since=yesterday', 400);
    } finally {
      h.clock.set(TEST_NOW);
    }
  });
});

describe('project history', () => {
  it('adds one entry per change of status, value and completion year, none for a write that changes nothing', async () => {
    const p = await makeProject(h, { title: 'History project', status: 'planned', value_amount: 100, value_currency: 'EUR', value_basis: 'estimated', expected_completion_year: 2030 });
    const url = `/v1/projects/${p.id}/history`;
    assert.deepEqual((await ok<{ history: unknown[] }>(h, who.ent, url)).history, []);
    const patch = (body: unknown) => send(who.admin, 'PATCH', `/v1/admin/projects/${p.id}`, body);
    assert.equal((await patch({ status: 'ongoing' })).statusCode, 200);
    h.clock.advance(DAY_MS);
    assert.equal((await patch({ value_amount: 250, value_basis: 'contract' })).statusCode, 200);
    h.clock.advance(DAY_MS);
    assert.equal((await patch({ expected_completion_year: 2032 })).statusCode, 200);
    assert.equal((await patch({ status: 'ongoing', value_amount: 250, expected_completion_year: 2032, description: '' })).statusCode, 200);
    h.clock.set(TEST_NOW);
    type Entry = { field: string; changed_at: string; previous: unknown; new: unknown; edition: unknown; article: unknown };
    const { history } = await ok<{ history: Entry[] }>(h, who.ent, url);
    assert.deepEqual(history.map((e) => [e.field, e.previous, e.new]), [
      ['status', 'planned', 'ongoing'],
      ['value', { amount: 100, currency: 'EUR', basis: 'estimated' }, { amount: 250, currency: 'EUR', basis: 'contract' }],
      ['expected_completion_year', 2030, 2032],
    ]);
    assert.deepEqual(history.map((e) => e.changed_at), [TEST_NOW, '2026-11-22T10:00:00.000Z', '2026-11-23T10:00:00.000Z']);
    assert.ok(history.every((e) => e.edition === null && e.article === null));
    const rows = await h.database.db.selectFrom('project_history').select('field').where('project_id', '=', p.id).execute();
    assert.equal(rows.length, 3);
    await problem(h, who.core, url, 403, /feature "projects"/);
    await problem(h, who.ent, '/v1/projects/00000000-0000-4000-8000-000000000000/history', 404);
  });
});

describe('retention', () => {
  it('answers 410 to a cursor older than the changes kept, telling the client to export again', async () => {
    const p = await makeProject(h, { title: 'Retention project' });
    const old = await nowCursor(who.ent);
    await send(who.admin, 'DELETE', `/v1/admin/projects/${p.id}`);
    const tombstone = (await follow(who.ent, old)).changes.find((c) => c.id === p.id);
    assert.equal(tombstone?.op, 'deleted');
    h.clock.set(new Date(Date.parse(TEST_NOW) + 89 * DAY_MS));
    try {
      await pruneChanges(h.ctx());
      assert.equal((await follow(who.ent, old)).changes.find((c) => c.id === p.id)?.op, 'deleted', 'kept for 90 days');
      h.clock.set(new Date(Date.parse(TEST_NOW) + 91 * DAY_MS));
      const pruned = await pruneChanges(h.ctx());
      assert.ok(pruned > 0);
      await problem(h, who.ent, `/v1/changes?since=${old}`, 410, /export/);
      const fresh = await ok<Page>(h, who.ent, '/v1/changes?since=now');
      assert.deepEqual(fresh.changes, []);
      await ok<Page>(h, who.ent, `/v1/changes?since=${fresh.next_cursor}`);
      const count = await sql<{ n: number }>`select count(*)::int as n from change_log`.execute(h.database.db);
      assert.equal(count.rows[0]!.n, 0);
    } finally {
      h.clock.set(TEST_NOW);
    }
  });
});
