/**
 * The database's constraint and concurrency errors as domain errors (src/domain/shared/database-errors.ts),
 * raised by the real engine (PGlite, or PostgreSQL with TEST_DATABASE_URL): unique -> CONFLICT with
 * the field, foreign key / check / not null -> VALIDATION naming the field, serialization failure,
 * deadlock and exclusion -> CONFLICT; other errors pass through. Over HTTP: a value only the
 * foreign key refuses is a 400 naming the field with nothing written, on both editions' formats.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { DomainError } from '../../src/domain/errors.js';
import { domainErrorOf, mappingDatabaseErrors, writeTransaction } from '../../src/domain/shared/database-errors.js';
import { makeEdition, makeUser } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let admin: TestIdentity;

before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
});
after(() => h.close());

/** The domain error a write inside `writeTransaction` ends with. */
async function failure(write: (db: Harness['database']['db']) => Promise<unknown>): Promise<DomainError> {
  try {
    await writeTransaction(h.ctx(), (trx) => write(trx));
  } catch (err) {
    assert.ok(err instanceof DomainError, `a DomainError, got ${String(err)}`);
    return err;
  }
  assert.fail('the write should have failed');
}

describe('database errors as domain errors', () => {
  it('a unique violation is CONFLICT naming the field and value; nothing of the transaction stays', async () => {
    await makeEdition(h, { number: 77 });
    const err = await failure(async (db) => {
      await db.insertInto('tags').values({ slug: 'rolled-back', name: 'Rolled back' }).execute();
      await db.insertInto('editions').values({ number: 77, publish_date: '2026-12-01' }).execute();
    });
    assert.equal(err.code, 'CONFLICT');
    assert.equal(err.message, 'An edition with number 77 already exists');
    assert.equal(await h.database.db.selectFrom('tags').select('id').where('slug', '=', 'rolled-back').executeTakeFirst(), undefined);
    const user = await makeUser(h);
    const dup = await failure((db) => db.insertInto('users').values({ email: user.email.toUpperCase() }).execute());
    assert.deepEqual([dup.code, dup.message], ['CONFLICT', `A user with email ${user.email} already exists`]);
    const generic = await failure((db) => db.insertInto('companies').values([{ name: 'Twice Ltd', slug: 'twice-a' }, { name: 'Twice Ltd', slug: 'twice-b' }]).execute());
    assert.deepEqual([generic.code, generic.message], ['CONFLICT', 'A company with this name already exists']);
  });

  it('a foreign-key violation is VALIDATION naming the input field; a record still referenced is CONFLICT', async () => {
    const empty = await failure((db) => db.insertInto('projects').values({ title: 'X', project_type_slug: '' }).execute());
    assert.deepEqual([empty.code, empty.param, empty.message], ['VALIDATION', 'project_type', 'Invalid parameter "project_type": must not be empty']);
    const unknown = await failure((db) => db.insertInto('projects').values({ title: 'X', region_slug: 'atlantis' }).execute());
    assert.deepEqual([unknown.code, unknown.param, unknown.message], ['VALIDATION', 'region', 'Invalid parameter "region": no region "atlantis"']);
    const owner = await makeUser(h);
    const referenced = await failure((db) => db.deleteFrom('users').where('id', '=', owner.id).execute());
    assert.equal(referenced.code, 'CONFLICT');
    assert.match(referenced.message, /^The user is still referenced by account records/);
  });

  it('check and not-null violations are VALIDATION naming the column', async () => {
    const check = await failure((db) => db.insertInto('editions').values({ number: -1, publish_date: '2026-12-01' }).execute());
    assert.deepEqual([check.code, check.param], ['VALIDATION', 'number']);
    const year = await failure((db) => db.insertInto('projects').values({ title: 'X', expected_completion_year: 3000 }).execute());
    assert.deepEqual([year.code, year.param, year.message], ['VALIDATION', 'expected_completion_year', 'Invalid parameter "expected_completion_year": is not an allowed value']);
    const missing = await failure((db) => sql`insert into editions (number, publish_date) values (78, null)`.execute(db));
    assert.deepEqual([missing.code, missing.param], ['VALIDATION', 'publish_date']);
  });

  it('serialization failures, deadlocks and exclusion violations are CONFLICT; other errors pass through unchanged', async () => {
    for (const [state, message] of [
      ['40001', /concurrent change .* try again/],
      ['40P01', /concurrent change .* try again/],
      ['23P01', /overlapping/],
    ] as const) {
      const err = await failure((db) => sql.raw(`do $$ begin raise exception 'raised' using errcode = '${state}'; end $$`).execute(db));
      assert.equal(err.code, 'CONFLICT', state);
      assert.match(err.message, message);
    }
    await assert.rejects(mappingDatabaseErrors(() => sql`select 1/0`.execute(h.database.db)), (err: Error & { code?: string }) => err.code === '22012' && !(err instanceof DomainError));
    assert.equal(domainErrorOf(new Error('plain')), undefined);
    const own = new DomainError('NOT_FOUND', 'x');
    await assert.rejects(mappingDatabaseErrors(() => Promise.reject(own)), (err) => err === own);
  });

  it('two transactions locking two editions in opposite orders: one commits; on PostgreSQL the deadlocked one is CONFLICT', async () => {
    const [a, b] = [await makeEdition(h, { number: 81 }), await makeEdition(h, { number: 82 })];
    let release!: () => void;
    const bothLocked = new Promise<void>((resolve) => { let n = 0; release = () => { if (++n === 2) resolve(); }; });
    const lockInOrder = (first: string, second: string) => writeTransaction(h.ctx(), async (trx) => {
      await trx.updateTable('editions').set({ summary: 'deadlock test' }).where('id', '=', first).execute();
      release();
      await bothLocked;
      await trx.updateTable('editions').set({ summary: 'deadlock test' }).where('id', '=', second).execute();
      return 'committed';
    });
    if (h.database.kind === 'pglite') {
      // PGlite runs one transaction at a time, so no deadlock can form: both commit, one after the other.
      release(); // the second transaction can only start once the first has committed
      assert.deepEqual(await Promise.all([lockInOrder(a.id, b.id), lockInOrder(b.id, a.id)]), ['committed', 'committed']);
      return;
    }
    const results = await Promise.allSettled([lockInOrder(a.id, b.id), lockInOrder(b.id, a.id)]);
    assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    assert.ok(lost.reason instanceof DomainError);
    assert.equal(lost.reason.code, 'CONFLICT');
  });
});

describe('over HTTP', () => {
  it('a project type only the foreign key refuses (empty) is 400 naming project_type; nothing is written', async () => {
    const count = async () => Number((await h.database.db.selectFrom('projects').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const audits = async () => Number((await h.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const [projects, entries] = [await count(), await audits()];
    const res = await h.app.inject({ method: 'POST', url: '/api/v1/admin/projects', headers: admin.keyAuth, payload: { title: 'Empty type', project_type: '' } });
    assert.equal(res.statusCode, 400, res.body);
    assert.match(res.json().error, /"project_type"/);
    assert.deepEqual([await count(), await audits()], [projects, entries]);
  });
});
