/**
 * /v1/projects, /facets, /{id}, /export: every parameter (each returned row satisfies it), the
 * seven sorts, company_id through aliases and subsidiaries (malformed 400, unmatched []),
 * is_watched, the projects and exports gates and the trial preview (five rows); the region filter
 * as an equality on the resolved slug and the country-and-region statistics behind it (issue 31).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { regionEquals } from '../../src/domain/shared/sql-filters.js';
import { sampleProjects } from '../../src/seed/sample-projects.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { callers, csvRows, getAs, ok, problem } from './helpers.js';

interface Project {
  id: string; title: string; airport: string | null; iata_code: string | null; country_code: string | null; region_slug: string | null;
  project_type_slug: string | null; status: string; value_amount: number | null; value_currency: string | null;
  expected_completion_year: number | null; parent_project_id: string | null; is_watched: boolean;
}
type Facet = { value: string; label: string; count: number };

let h: Harness;
let trial: TestIdentity, core: TestIdentity, pro: TestIdentity, ent: TestIdentity, admin: TestIdentity;
const sample = sampleProjects();
let all: Project[];

before(async () => {
  h = await startHarness({ sample: true });
  ({ trial, core, pro, ent, admin } = await callers(h));
  all = await list('limit=200');
});
after(() => h.close());

async function list(query: string, who: TestIdentity = pro): Promise<Project[]> {
  return (await ok<{ projects: Project[] }>(h, who, `/v1/projects?${query}`)).projects;
}
const byTitle = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('GET /v1/projects', () => {
  it('lists every project by title (title_asc default), 50 by default, amounts as stated', async () => {
    assert.equal(all.length, sample.length);
    assert.deepEqual(all.map((p) => p.title), all.map((p) => p.title).sort(byTitle));
    assert.equal((await list('')).length, 50);
    for (const p of all) {
      const s = sample.find((x) => x.title === p.title)!;
      assert.equal(p.value_amount, s.value_amount);
      assert.equal(p.value_currency, s.value_currency);
    }
    assert.deepEqual((await list('limit=3&offset=2')).map((p) => p.id), all.slice(2, 5).map((p) => p.id));
  });

  it('q, country, status, region, type, terms: every row satisfies the filter', async () => {
    const q = await list('q=terminal&limit=200');
    assert.ok(q.length > 0 && q.length < all.length);
    const sa = await list('country=sa&limit=200');
    assert.ok(sa.length > 0 && sa.every((p) => p.country_code === 'SA'));
    const ongoing = await list('status=ongoing&limit=200');
    assert.ok(ongoing.length > 0 && ongoing.every((p) => p.status === 'ongoing'));
    const me = await list('region=middle-east&limit=200');
    assert.ok(me.length > 0 && me.every((p) => p.region_slug === 'middle-east'));
    const terminal = await list('type=terminal&limit=200');
    assert.ok(terminal.length > 0 && terminal.every((p) => p.project_type_slug === 'terminal'));
    const withTerms = sample.find((s) => s.topics.length >= 1 && s.tags.length >= 1)!;
    const [topic, tag] = [withTerms.topics[0]!, withTerms.tags[0]!];
    const both = await list(`terms=${topic},${tag}&limit=200`);
    assert.ok(both.some((p) => p.title === withTerms.title));
    for (const p of both) {
      const s = sample.find((x) => x.title === p.title)!;
      assert.ok([...s.topics, ...s.tags].includes(topic) && [...s.topics, ...s.tags].includes(tag), p.title);
    }
    await problem(h, pro, '/v1/projects?status=finished', 400, /status/);
    await problem(h, pro, '/v1/projects?country=GBR', 400, /country/);
  });

  it('min_value and max_value bound the stated amount without conversion and drop projects without one', async () => {
    const big = await list('min_value=1000000000&limit=200');
    assert.ok(big.length > 0 && big.every((p) => p.value_amount !== null && p.value_amount >= 1e9));
    const small = await list('max_value=1000000000&limit=200');
    assert.ok(small.length > 0 && small.every((p) => p.value_amount !== null && p.value_amount <= 1e9));
    const noValue = all.filter((p) => p.value_amount === null).length;
    assert.ok(noValue > 0);
    assert.equal(big.length + small.length - all.filter((p) => p.value_amount === 1e9).length, all.length - noValue);
  });

  it('year_from and year_to are inclusive', async () => {
    const rows = await list('year_from=2027&year_to=2030&limit=200');
    assert.ok(rows.length > 0 && rows.every((p) => p.expected_completion_year! >= 2027 && p.expected_completion_year! <= 2030));
    assert.equal(rows.length, all.filter((p) => p.expected_completion_year !== null && p.expected_completion_year >= 2027 && p.expected_completion_year <= 2030).length);
    const exact = all.find((p) => p.expected_completion_year !== null)!.expected_completion_year!;
    assert.ok((await list(`year_from=${exact}&year_to=${exact}&limit=200`)).every((p) => p.expected_completion_year === exact));
  });

  it('sorts: title_asc, value_desc, value_asc, year_desc, year_asc, airport_asc, updated_desc', async () => {
    const valued = async (sort: string) => (await list(`sort=${sort}&limit=200`));
    const usd = new Map((await h.database.db.selectFrom('projects').select(['id', 'value_usd', 'updated_at']).execute()).map((r) => [r.id, r]));
    const nonNull = <T>(xs: (T | null)[]) => xs.filter((x): x is T => x !== null);
    const vd = nonNull((await valued('value_desc')).map((p) => usd.get(p.id)!.value_usd));
    assert.deepEqual(vd, [...vd].sort((a, b) => b - a));
    const va = nonNull((await valued('value_asc')).map((p) => usd.get(p.id)!.value_usd));
    assert.deepEqual(va, [...va].sort((a, b) => a - b));
    const yd = await valued('year_desc');
    const yds = nonNull(yd.map((p) => p.expected_completion_year));
    assert.deepEqual(yds, [...yds].sort((a, b) => b - a));
    assert.equal(yd.at(-1)!.expected_completion_year, null, 'unknown years last');
    const ya = nonNull((await valued('year_asc')).map((p) => p.expected_completion_year));
    assert.deepEqual(ya, [...ya].sort((a, b) => a - b));
    const ap = nonNull((await valued('airport_asc')).map((p) => p.airport));
    assert.deepEqual(ap, [...ap].sort(byTitle));
    const up = (await valued('updated_desc')).map((p) => new Date(usd.get(p.id)!.updated_at as unknown as string).getTime());
    assert.deepEqual(up, [...up].sort((a, b) => b - a));
    assert.deepEqual((await valued('title_asc')).map((p) => p.id), all.map((p) => p.id));
    await problem(h, pro, '/v1/projects?sort=cheapest', 400, /sort/);
  });

  it('company_id resolves through aliases and subsidiaries; malformed is 400, unmatched []', async () => {
    const ids = new Map((await h.database.db.selectFrom('companies').select(['id', 'name']).execute()).map((c) => [c.name, c.id]));
    const linked = async (names: string[]) => new Set((await h.database.db.selectFrom('project_companies as pc').innerJoin('companies as c', 'c.id', 'pc.company_id')
      .select('pc.project_id').where('c.name', 'in', names).execute()).map((r) => r.project_id));
    const gatwick = await list(`company_id=${ids.get('Gatwick Airport Limited')}&limit=200`);
    assert.deepEqual(new Set(gatwick.map((p) => p.id)), await linked(['Gatwick Airport Limited']));
    // VINCI's subsidiaries (VINCI Airports and its airports) count as VINCI.
    const group = await list(`company_id=${ids.get('VINCI')}&limit=200`);
    const subsidiaries = (await sql<{ name: string }>`with recursive t as (select id, name from companies where name = 'VINCI'
      union select c.id, c.name from companies c join t on c.parent_id = t.id) select name from t`.execute(h.database.db)).rows.map((r) => r.name);
    assert.ok(subsidiaries.length > 2);
    assert.deepEqual(new Set(group.map((p) => p.id)), await linked(subsidiaries));
    assert.ok(group.length > gatwick.length);
    // A company recorded twice, once under an alias of the other, is one company.
    const dup = await h.database.db.insertInto('companies').values({ name: 'London Gatwick', slug: 'london-gatwick-dup' }).returning('id').executeTakeFirstOrThrow();
    assert.deepEqual(new Set((await list(`company_id=${dup.id}&limit=200`)).map((p) => p.id)), new Set(gatwick.map((p) => p.id)));
    const bad = await problem(h, pro, '/v1/projects?company_id=not-a-uuid', 400, /company_id/);
    assert.equal(bad.errors![0]!.name, 'company_id');
    assert.deepEqual(await list('company_id=00000000-0000-4000-8000-000000000000'), []);
  });

  it('parent_project_id lists the packages of a programme', async () => {
    const child = all.find((p) => p.parent_project_id)!;
    const packages = await list(`parent_project_id=${child.parent_project_id}&limit=200`);
    assert.ok(packages.some((p) => p.id === child.id));
    assert.ok(packages.every((p) => p.parent_project_id === child.parent_project_id));
    await problem(h, pro, '/v1/projects?parent_project_id=12', 400);
  });

  it('is_watched reflects the caller\'s watch list', async () => {
    const target = all[3]!;
    await h.database.db.insertInto('project_watches').values({ user_id: pro.userId, project_id: target.id }).execute();
    assert.deepEqual((await list('limit=200')).filter((p) => p.is_watched).map((p) => p.id), [target.id]);
    assert.equal((await ok<Project>(h, pro, `/v1/projects/${target.id}`)).is_watched, true);
    assert.equal((await ok<Project>(h, ent, `/v1/projects/${target.id}`)).is_watched, false);
  });

  it('gates: projects (trial preview: five rows), 403 for core; 422 above 200', async () => {
    const preview = await list('limit=200', trial);
    assert.deepEqual(preview.map((p) => p.id), all.slice(0, 5).map((p) => p.id));
    assert.deepEqual(await list('offset=5', trial), []);
    assert.deepEqual((await list('limit=2&offset=4', trial)).map((p) => p.id), [all[4]!.id]);
    assert.equal((await list('limit=200', ent)).length, all.length);
    assert.equal((await list('limit=200', admin)).length, all.length);
    await problem(h, core, '/v1/projects', 403, /airport projects database \(feature "projects"\)/);
    await problem(h, pro, '/v1/projects?limit=1000', 422, /^validation failed$/);
  });

  it('one project; unknown 404', async () => {
    const { companies, articles, ...p } = await ok<Project & { companies: unknown[]; articles: unknown[] }>(h, pro, `/v1/projects/${all[0]!.id}`);
    assert.deepEqual(p, all[0]);
    assert.ok(Array.isArray(companies) && Array.isArray(articles));
    await problem(h, pro, '/v1/projects/00000000-0000-4000-8000-000000000000', 404);
  });

  it('one project carries its companies with their role and the articles that mention it, newest edition first, with their slug', async () => {
    for (const s of sample.filter((x) => x.articles.length > 0 && x.companies.length > 0).slice(0, 3)) {
      const row = all.find((p) => p.title === s.title)!;
      const detail = await ok<{ companies: { id: string; name: string; role: string }[]; articles: { id: string; slug: string; headline: string; edition_number: number; publish_date: string }[] }>(h, pro, `/v1/projects/${row.id}`);
      assert.deepEqual(detail.companies.map((c) => `${c.name}:${c.role}`).sort(), s.companies.map((c) => `${c.name}:${c.role}`).sort());
      const published = await h.database.db.selectFrom('article_projects as ap').innerJoin('articles as a', 'a.id', 'ap.article_id').innerJoin('editions as e', 'e.id', 'a.edition_id')
        .select('a.headline').where('ap.project_id', '=', row.id).where('e.status', 'in', ['published', 'archived']).execute();
      assert.ok(published.length > 0 && published.every((x) => s.articles.includes(x.headline)));
      assert.deepEqual(new Set(detail.articles.map((a) => a.headline)), new Set(published.map((x) => x.headline)), 'the mentions of published and archived editions');
      const dates = detail.articles.map((a) => a.publish_date);
      assert.deepEqual(dates, [...dates].sort().reverse(), 'newest edition first');
      for (const a of detail.articles) {
        const stored = await h.database.db.selectFrom('articles').select(['slug', 'headline']).where('id', '=', a.id).executeTakeFirstOrThrow();
        assert.deepEqual({ slug: a.slug, headline: a.headline }, stored);
      }
    }
  });
});

/** The rows of `/v1/projects?limit=200&<query>` as `pro`. */
const placed = async (query: string) =>
  (await ok<{ projects: { id: string; region_slug: string | null; country_code: string | null }[] }>(h, pro, `/v1/projects?limit=200&${query}`)).projects;

describe('GET /v1/projects: the region filter and the country and region statistics (migration 0027)', () => {
  it('the statistics object covers both columns, dependencies and most common values, 1 000 entries', async () => {
    const { rows } = await sql<{ kinds: string; target: number; columns: string }>`
      select array_to_string(s.stxkind, ',') as kinds, s.stxstattarget::int as target,
             (select string_agg(a.attname, ',' order by a.attname) from pg_attribute a where a.attrelid = s.stxrelid and a.attnum = any(s.stxkeys)) as columns
        from pg_statistic_ext s where s.stxname = 'projects_place_stats'`.execute(h.database.db);
    assert.equal(rows.length, 1, 'migration 0027 created projects_place_stats');
    assert.deepEqual(rows[0]!.kinds.split(',').sort(), ['f', 'm']);
    assert.equal(rows[0]!.target, 1000);
    assert.equal(rows[0]!.columns, 'country_code,region_slug');
  });

  it('the region filter is an equality on the slug, matched by slug or name in any case', async () => {
    const compiled = (await regionEquals(h.database.db, 'p.region_slug', ' Middle East ')).compile(h.database.db);
    assert.match(compiled.sql, /^"p"\."region_slug" = \$1$/);
    assert.deepEqual(compiled.parameters, ['middle-east']);
    const want = (await sql<{ id: string }>`select id from projects where published and region_slug = 'middle-east' order by title, id`.execute(h.database.db)).rows.map((r) => r.id);
    assert.ok(want.length > 0, 'the sample has Middle East projects');
    for (const value of ['middle-east', 'MIDDLE-EAST', 'Middle East', 'middle east']) {
      assert.deepEqual((await placed(`region=${encodeURIComponent(value)}`)).map((p) => p.id), want, value);
    }
  });

  it('an unknown region, or a country outside the region, matches nothing', async () => {
    assert.deepEqual(await placed('region=atlantis'), []);
    const { rows } = await sql<{ country_code: string; region_slug: string }>`
      select country_code, region_slug from projects where published and country_code is not null and region_slug is not null order by title limit 1`.execute(h.database.db);
    const { country_code: country, region_slug: region } = rows[0]!;
    assert.ok((await placed(`country=${country}&region=${region}`)).length > 0);
    const other = region === 'europe' ? 'asia-pacific' : 'europe';
    assert.deepEqual(await placed(`country=${country}&region=${other}`), []);
  });
});

describe('GET /v1/projects/facets', () => {
  it('counts statuses, regions, countries, types, topics and tags of the matching projects', async () => {
    const f = await ok<Record<string, Facet[]>>(h, pro, '/v1/projects/facets');
    assert.deepEqual(Object.keys(f), ['statuses', 'regions', 'countries', 'types', 'topics', 'tags']);
    for (const s of f.statuses!) assert.equal(s.count, all.filter((p) => p.status === s.value).length);
    for (const r of f.regions!) assert.equal(r.count, all.filter((p) => p.region_slug === r.value).length);
    for (const t of f.types!) {
      assert.equal(t.count, all.filter((p) => p.project_type_slug === t.value).length);
      assert.equal((await list(`type=${t.value}&limit=200`)).length, t.count, 'a facet value works as the parameter');
    }
    const narrowed = await ok<Record<string, Facet[]>>(h, pro, '/v1/projects/facets?status=ongoing');
    assert.deepEqual(narrowed.statuses!.map((s) => s.value), ['ongoing']);
    assert.equal((await getAs(h, trial, '/v1/projects/facets')).statusCode, 200);
    await problem(h, core, '/v1/projects/facets', 403);
  });
});

describe('GET /v1/projects/export', () => {
  it('streams every matching row as CSV; needs projects and exports', async () => {
    const rows = await csvRows(h, pro, '/v1/projects/export?region=europe');
    const europe = await list('region=europe&limit=200');
    assert.deepEqual(rows.map((r) => r.id), europe.map((p) => p.id));
    assert.ok(Object.keys(rows[0]!).includes('value_currency') && !Object.keys(rows[0]!).includes('is_watched'));
    assert.equal((await csvRows(h, ent, '/v1/projects/export')).length, all.length, 'no row cap');
    await problem(h, trial, '/v1/projects/export', 403, /exports/);
    await problem(h, core, '/v1/projects/export', 403, /projects/);
  });
});
