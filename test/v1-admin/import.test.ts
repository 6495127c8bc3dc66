/**
 * POST /v1/admin/editions/import: the JSON of an /api/v1 edition read and a Markdown paste become
 * archived editions; idempotent on the issue number; unresolved values reported; audited once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { auditCount, call, expectProblem } from './helpers.js';

let h: Harness;
let admin: TestIdentity;
let reader: TestIdentity;
before(async () => {
  h = await startHarness({ sample: true });
  admin = await h.identity({ admin: true });
  reader = await h.identity({ plan: 'enterprise' });
});
after(() => h.close());

describe('/v1/admin/editions/import', () => {
  it('imports the JSON of an /api/v1 edition read as an archived edition, once per number', async () => {
    const sample = await h.database.db.selectFrom('editions').select('number').where('status', '=', 'published').orderBy('number', 'desc').executeTakeFirstOrThrow();
    const read = await h.app.inject({ method: 'GET', url: `/api/v1/editions/${sample.number}`, headers: reader.sessionAuth });
    assert.equal(read.statusCode, 200, read.body);
    const source = read.json().data;
    const res = await call(h, admin, 'POST', '/v1/admin/editions/import', { content: read.body, number: 9001 });
    assert.equal(res.statusCode, 201, res.body);
    const report = res.json();
    assert.equal(report.created, true);
    assert.equal(report.format, 'json');
    assert.equal(report.edition.status, 'archived');
    assert.equal(report.edition.number, 9001);
    assert.equal(report.edition.article_count, source.articles.length);
    assert.deepEqual(report.unresolved, []);
    assert.equal(res.headers.location, `/v1/admin/editions/${report.edition.id}`);
    const articles = (await call(h, admin, 'GET', `/v1/editions/${report.edition.id}/articles?limit=200`)).json().articles;
    assert.deepEqual(articles.map((a: { headline: string }) => a.headline), source.articles.map((a: { headline: string }) => a.headline));
    assert.deepEqual(articles.map((a: { airports: string[] }) => [...a.airports].sort()), source.articles.map((a: { iata_codes: string[] }) => [...a.iata_codes].sort()));
    assert.equal(await auditCount(h, 'edition', report.edition.id), 1);

    const again = await call(h, admin, 'POST', '/v1/admin/editions/import', { content: read.body, number: 9001 });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json().created, false);
    assert.equal(again.json().edition.id, report.edition.id);
    assert.equal((await h.database.db.selectFrom('editions').select('id').where('number', '=', 9001).execute()).length, 1);
    assert.equal((await h.database.db.selectFrom('articles').select('id').where('edition_id', '=', report.edition.id).execute()).length, source.articles.length);
    assert.equal(await auditCount(h, 'edition', report.edition.id), 1);
  });

  it('previews an import with dry_run: the same report (200, no Location), nothing written or audited; then imports it', async () => {
    const content = '# Airport Intel, issue 9077 (28 March 2025)\n\nSummary.\n\n## Heathrow closed by substation fire\n\nA fire closed London Heathrow (LHR).\n\nAirports: LHR, Atlantis Intl\n';
    const audits = async () => (await h.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await audits();
    const dry = await call(h, admin, 'POST', '/v1/admin/editions/import', { content, dry_run: true });
    assert.equal(dry.statusCode, 200, dry.body);
    assert.equal(dry.headers.location, undefined);
    const report = dry.json();
    assert.equal(report.created, true);
    assert.equal(report.edition.number, 9077);
    assert.equal(report.articles, 1);
    assert.deepEqual(report.unresolved.map((u: { field: string; value: string }) => [u.field, u.value]), [['airports', 'Atlantis Intl']]);
    assert.equal(await h.database.db.selectFrom('editions').select('id').where('number', '=', 9077).executeTakeFirst(), undefined);
    assert.equal(await audits(), before);
    const real = await call(h, admin, 'POST', '/v1/admin/editions/import', { content });
    assert.equal(real.statusCode, 201, real.body);
    assert.equal(real.json().articles, 1);
    assert.deepEqual(real.json().unresolved, report.unresolved);
  });

  it('imports a pasted Markdown issue and reports what it could not resolve', async () => {
    const topic = await h.database.db.selectFrom('topics').select(['name', 'slug']).orderBy('slug').executeTakeFirstOrThrow();
    const paste = `# Airport Intel, issue 9002
28 March 2025

Heathrow's shutdown put resilience at the top of the agenda.

**Top developments**
- Heathrow closed for a day

## Heathrow closed by substation fire

A fire at a substation closed London Heathrow for most of 21 March.

**Why it matters:** grid resilience is now a board-level risk.

Key takeaways:
- Backup power covers safety systems
- Reviews are under way

Airports: LHR, Atlantis International
Topics: ${topic.name}, Underwater basket weaving
Tags: resilience
Country: United Kingdom
Source: BBC (https://www.bbc.co.uk/news/example)

## Gatwick northern runway approved

Gatwick (LGW) won approval for its northern runway.
`;
    const res = await call(h, admin, 'POST', '/v1/admin/editions/import', { content: paste });
    assert.equal(res.statusCode, 201, res.body);
    const report = res.json();
    assert.equal(report.format, 'text');
    assert.equal(report.edition.number, 9002);
    assert.equal(report.edition.publish_date, '2025-03-28');
    assert.equal(report.edition.status, 'archived');
    assert.deepEqual(report.edition.top_developments, ['Heathrow closed for a day']);
    assert.deepEqual(report.unresolved.map((u: { field: string; value: string }) => [u.field, u.value]), [['airports', 'Atlantis International'], ['topics', 'Underwater basket weaving']]);
    const articles = (await call(h, admin, 'GET', `/v1/editions/${report.edition.id}/articles`)).json().articles;
    assert.equal(articles.length, 2);
    assert.deepEqual(articles[0].airports, ['LHR']);
    assert.deepEqual(articles[0].topics, [topic.slug]);
    assert.deepEqual(articles[0].takeaways, ['Backup power covers safety systems', 'Reviews are under way']);
    assert.equal(articles[0].why_it_matters, 'grid resilience is now a board-level risk.');
    assert.equal(articles[0].country_code, 'GB');
    assert.equal(articles[0].source_url, 'https://www.bbc.co.uk/news/example');
    assert.deepEqual(articles[1].airports, ['LGW']);
    const again = await call(h, admin, 'POST', '/v1/admin/editions/import', { content: paste });
    assert.equal(again.statusCode, 200);
    assert.equal(await auditCount(h, 'edition', report.edition.id), 1);
  });

  it('names the field of bad input; 404 for a non-administrator', async () => {
    await expectProblem(await call(h, admin, 'POST', '/v1/admin/editions/import', {}), 400, 'content');
    await expectProblem(await call(h, admin, 'POST', '/v1/admin/editions/import', { content: '{"articles": 3' }), 400, 'content');
    await expectProblem(await call(h, admin, 'POST', '/v1/admin/editions/import', { content: 'just one sentence.' }), 400, 'content');
    await expectProblem(await call(h, admin, 'POST', '/v1/admin/editions/import', { content: '## A headline\n\nSome text.' }), 400, 'number');
    await expectProblem(await call(h, admin, 'POST', '/v1/admin/editions/import', { content: '## A headline\n\nSome text.', number: 9003 }), 400, 'publish_date');
    await expectProblem(await call(h, admin, 'POST', '/v1/admin/editions/import', { content: '## A headline\n\nSome text.', number: 0 }), 400, 'number');
    await expectProblem(await call(h, reader, 'POST', '/v1/admin/editions/import', { content: '## A headline\n\nSome text.', number: 9004, publish_date: '2025-01-01' }), 404);
    assert.equal(await h.database.db.selectFrom('editions').select('id').where('number', 'in', [9003, 9004]).executeTakeFirst(), undefined);
  });
});
