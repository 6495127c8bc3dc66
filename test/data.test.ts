/**
 * The data the service ships and generates: reference countries and airports, the sample dataset
 * (loaded once, with everything the archive needs), and the synthetic corpus generator.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { referenceAirports, referenceCountries } from '../src/db/reference.js';
import { sampleProjects, sampleTenders } from '../src/seed/sample-projects.js';
import { systemCtx } from '../src/domain/context.js';
import { loadSample, sampleCompanies, sampleEditions } from '../src/seed/sample.js';
import { seedSynthetic } from '../src/seed/synthetic.js';
import { startHarness, type Harness } from './helpers/harness.js';
import { projectsWithStaleTermIds } from './helpers/term-ids.js';

let h: Harness;
before(async () => {
  h = await startHarness({ sample: true });
});
after(() => h.close());

const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(h.database.db)).rows[0]!.n;

describe('reference data', () => {
  it('loads every ISO 3166-1 alpha-2 country with a customer region, and real airports by IATA code', async () => {
    const countries = referenceCountries();
    assert.ok(countries.length >= 249);
    for (const c of countries) assert.match(c.code, /^[A-Z]{2}$/);
    assert.equal(await count(sql`select count(*)::int as n from countries`), countries.length);
    assert.equal(await count(sql`select count(*)::int as n from countries where region_slug not in (select slug from regions)`), 0);
    const airports = referenceAirports();
    assert.ok(airports.length > 3000);
    const lhr = await h.database.db.selectFrom('airports').selectAll().where('iata', '=', 'LHR').executeTakeFirstOrThrow();
    assert.equal(lhr.country_code, 'GB');
    assert.match(lhr.name, /Heathrow/);
  });
});

describe('sample dataset', () => {
  const editions = sampleEditions();
  const articles = editions.flatMap((e) => e.articles);

  it('has at least 3 published editions, 1 draft, 2 archived and 36 complete articles', () => {
    assert.ok(editions.filter((e) => e.status === 'published').length >= 3);
    assert.ok(editions.filter((e) => e.status === 'draft').length >= 1);
    assert.ok(editions.filter((e) => e.status === 'archived').length >= 2);
    const complete = articles.filter((a) => a.takeaways.length >= 3 && a.why_it_matters && a.topics.length && a.tags.length && a.airports.length);
    assert.ok(complete.length >= 36, `${complete.length} complete articles`);
    for (const e of editions) {
      assert.ok(e.summary.length > 100 && e.top_developments.length && e.key_trends.length && e.regional_highlights.length && e.key_metrics.length, `edition ${e.number}`);
    }
    for (const a of articles) {
      assert.ok(a.takeaways.length >= 3 && a.why_it_matters && a.topics.length && a.tags.length, a.headline);
      assert.match(a.source_url, /^https:\/\/[^/]+\/$/, 'source_url is the publisher site, never an invented path');
      assert.ok(a.source_name);
    }
  });

  it('is loaded whole: editions, articles, entity links, companies with aliases and parents, rollups', async () => {
    assert.equal(await count(sql`select count(*)::int as n from editions`), editions.length);
    assert.equal(await count(sql`select count(*)::int as n from articles`), articles.length);
    assert.equal(await count(sql`select count(*)::int as n from article_airports`), articles.reduce((n, a) => n + new Set(a.airports).size, 0));
    assert.equal(await count(sql`select count(*)::int as n from article_topics`), articles.reduce((n, a) => n + new Set(a.topics).size, 0));
    assert.equal(await count(sql`select count(*)::int as n from editions e where article_count <> (select count(*) from articles a where a.edition_id = e.id)`), 0);
    const withParent = sampleCompanies().filter((c) => c.parent);
    assert.equal(await count(sql`select count(*)::int as n from companies where parent_id is not null`), withParent.length);
    assert.ok((await count(sql`select count(*)::int as n from company_aliases`)) > 0);
    assert.ok((await count(sql`select count(*)::int as n from articles where module is not null`)) > 0, 'archived articles keep their legacy module');
    assert.equal(await count(sql`select count(*)::int as n from articles where search_vector = ''::tsvector`), 0);
  });

  it('loads only once', async () => {
    const again = await loadSample(systemCtx(h.database.db, h.clock));
    assert.equal(again.skipped, true);
    assert.equal(await count(sql`select count(*)::int as n from articles`), articles.length);
  });
});

describe('sample projects and tenders', () => {
  const projects = sampleProjects();
  const tenders = sampleTenders();

  it('has at least 40 real projects, several programmes with packages, linked to companies and articles', async () => {
    assert.ok(projects.length >= 40);
    const parents = new Set(projects.filter((p) => p.parent).map((p) => p.parent));
    assert.ok(parents.size >= 3, `${parents.size} programmes with packages`);
    assert.equal(await count(sql`select count(*)::int as n from projects`), projects.length);
    assert.equal(await count(sql`select count(*)::int as n from projects where parent_project_id is not null`), projects.filter((p) => p.parent).length);
    assert.equal(await count(sql`select count(distinct project_id)::int as n from project_companies`), projects.filter((p) => p.companies.length).length);
    assert.equal(await count(sql`select count(*)::int as n from article_projects`), projects.reduce((n, p) => n + new Set(p.articles).size, 0));
    assert.ok((await count(sql`select count(*)::int as n from article_projects`)) >= 20);
    assert.equal(await count(sql`select count(*)::int as n from projects where value_amount is not null and value_usd is null`), 0, 'every stated value has a USD value');
    assert.ok((await count(sql`select count(*)::int as n from projects where last_seen_edition_id is not null`)) > 0);
  });

  it('has at least 20 tenders across every region: some closing within 30 days, some expired, some awarded', async () => {
    assert.ok(tenders.length >= 20);
    assert.equal(await count(sql`select count(distinct region_slug)::int as n from tenders`), 6);
    const now = h.clock.now(); // the sample is dated from the service clock
    assert.ok((await count(sql`select count(*)::int as n from tenders where status = 'open' and deadline between ${now}::timestamptz and ${now}::timestamptz + interval '30 days'`)) >= 3);
    assert.ok((await count(sql`select count(*)::int as n from tenders where deadline < ${now}::timestamptz`)) >= 2);
    assert.ok((await count(sql`select count(*)::int as n from tenders where status = 'awarded' and awarded_to is not null`)) >= 2);
    assert.ok((await count(sql`select count(*)::int as n from tender_bidders`)) > 0);
  });
});

describe('synthetic corpus', () => {
  it('generates searchable articles about real airports in new published editions', async () => {
    const before = await count(sql`select count(*)::int as n from articles`);
    const progress: number[] = [];
    const report = await seedSynthetic(h.database.db, { articles: 230, seed: 7, onProgress: (done) => progress.push(done) });
    assert.deepEqual(report, { editions: 5, articles: 230, projects: 0, tenders: 0 });
    assert.equal(progress.at(-1), 230);
    assert.equal(await count(sql`select count(*)::int as n from articles`), before + 230);
    // Synthetic articles are the ones without a source URL.
    assert.equal(await count(sql`select count(*)::int as n from articles a where source_url is null and not exists (select 1 from article_airports x where x.article_id = a.id)`), 0);
    assert.equal(await count(sql`select count(*)::int as n from articles a where source_url is null and not exists (select 1 from article_topics x where x.article_id = a.id)`), 0);
    assert.equal(await count(sql`select count(*)::int as n from articles where array_length(takeaways, 1) = 3 and kind = 'article' and module is null and source_url is null`), 230);
    const hits = await count(sql`select count(*)::int as n from articles where search_vector @@ websearch_to_tsquery('english', 'airport')`);
    assert.ok(hits >= 230);
    // Synthetic editions are older than every real one, so the latest edition stays a sample one.
    const latest = await h.database.db.selectFrom('editions').select('number').where('status', '=', 'published')
      .orderBy('publish_date', 'desc').limit(1).executeTakeFirstOrThrow();
    assert.ok(sampleEditions().some((e) => e.number === latest.number));
  });

  it('generates projects (programmes and packages, converted values) and tenders (deadlines around the load day)', async () => {
    const before = { p: await count(sql`select count(*)::int as n from projects`), t: await count(sql`select count(*)::int as n from tenders`) };
    const known = (await sql<{ id: string }>`select id from projects`.execute(h.database.db)).rows.map((r) => r.id);
    const report = await seedSynthetic(h.database.db, { projects: 600, tenders: 300, seed: 11 });
    assert.deepEqual(report, { editions: 0, articles: 0, projects: 600, tenders: 300 });
    assert.equal(await count(sql`select count(*)::int as n from projects`), before.p + 600);
    assert.equal(await count(sql`select count(*)::int as n from tenders`), before.t + 300);
    assert.ok((await count(sql`select count(*)::int as n from projects where parent_project_id is not null`)) > 0);
    assert.equal(await count(sql`select count(*)::int as n from projects where value_amount is not null and value_usd is null`), 0);
    assert.ok((await count(sql`select count(*)::int as n from tenders where deadline < now()`)) > 0);
    assert.ok((await count(sql`select count(*)::int as n from tenders where deadline > now()`)) > 0);
    assert.equal(await count(sql`select count(*)::int as n from projects where search_vector = ''::tsvector`), 0);
    // Each synthetic project is linked to the company that leads its works (its contractor), a
    // builder made a company when missing (Ferrovial is a sample company: its row is reused).
    const links = await sql<{ title: string; contractor: string; companies: string[] }>`
      select p.title, p.contractor, array(select c.name from project_companies pc join companies c on c.id = pc.company_id where pc.project_id = p.id) as companies
        from projects p where not (p.id = any(${known}::uuid[]))`.execute(h.database.db);
    assert.equal(links.rows.length, 600);
    assert.deepEqual(links.rows.filter((r) => r.companies.length !== 1 || r.companies[0] !== r.contractor), []);
    assert.equal(await count(sql`select count(*)::int as n from companies where name = 'Ferrovial'`), 1);
    assert.equal(await count(sql`select count(distinct pc.company_id)::int as n from project_companies pc join projects p on p.id = pc.project_id where p.contractor = 'Ferrovial'`), 1);
  });

  it('writes each project once: its term ids come with it, so the link triggers rewrite none', async () => {
    const db = h.database.db;
    const known = (await sql<{ id: string }>`select id from projects`.execute(db)).rows.map((r) => r.id);
    await seedSynthetic(db, { projects: 300, seed: 13 });
    // A row version's `cmin` is the command of its transaction that wrote it. The seed inserts each
    // batch's projects, then their airports, then their links: a project rewritten by the link
    // triggers has a version written after its airport link.
    const { rows } = await sql<{ seeded: number; rewritten: number }>`
      select count(*)::int as seeded, count(*) filter (where p.cmin::text::int > a.cmin::text::int)::int as rewritten
        from projects p join project_airports a on a.project_id = p.id and a.xmin::text = p.xmin::text
       where not (p.id = any(${known}::uuid[]))`.execute(db);
    assert.deepEqual(rows[0], { seeded: 300, rewritten: 0 }, 'no project row was written again after its insert');
    // And what it wrote is what the triggers would write: the sorted ids of the links.
    assert.deepEqual(await projectsWithStaleTermIds(db), [], 'seeded projects whose term_ids are not their links');
    assert.ok((await count(sql`select count(*)::int as n from projects where cardinality(term_ids) > 1`)) > 100);
  });
});
