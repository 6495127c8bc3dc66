/**
 * /v1 imagery over HTTP (issue 12): cover resolution order for a batch, airport imagery, the image
 * bytes on the width ladder (each width decoded with sharp, w=100 is 400 before any lookup),
 * ETag/304 and the variant cache, and covers for every sample article — over each media store
 * (test/helpers/media-stores.ts): media.test.ts runs it on the database, media-s3.test.ts on S3.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { makeArticle, makeEdition } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { getAs, ok, problem } from './helpers.js';
import { bind, image, uploaded } from './media-helpers.js';
import type { MediaStoreUnderTest } from '../helpers/media-stores.js';

/** The /v1 imagery tests over `store`. */
export function mediaSuite(store: MediaStoreUnderTest): void {
  const LADDER = [144, 288, 320, 640, 960, 1280];

  let h: Harness;
  let admin: TestIdentity;
  let reader: TestIdentity;
  let big: { id: string };

  before(async () => {
    h = await startHarness({ objectStore: await store.start() });
    admin = await h.identity({ admin: true });
    reader = await h.identity({ plan: 'core' });
    big = await uploaded(h, admin, await image(1600, 1000, 'jpeg'), 'big.jpg');
  });
  after(async () => {
    await h.close();
    await store.close();
  });

  type Cover = { article_id: string; rule: string; media: { id: string; url: string; width: number; height: number; placeholder: string; credit: string | null; licence: string | null; alt_text: string | null } | null };

  describe('GET /v1/media/covers', () => {
    it('resolves a batch in order: pinned, airport, country, company, none', async () => {
      const edition = await makeEdition(h);
      const draft = await makeEdition(h, { status: 'draft' });
      const pinnedArt = await makeArticle(h, { edition_id: edition.id, airports: ['LHR'], country: 'GB' });
      const airportArt = await makeArticle(h, { edition_id: edition.id, airports: ['LHR'], country: 'GB' });
      const countryArt = await makeArticle(h, { edition_id: edition.id, country: 'FR' });
      const companyArt = await makeArticle(h, { edition_id: edition.id });
      const bareArt = await makeArticle(h, { edition_id: edition.id });
      const draftArt = await makeArticle(h, { edition_id: draft.id, airports: ['LHR'] });
      const company = await h.database.db.insertInto('companies').values({ name: 'Covers Test Co', slug: 'covers-test-co' }).returning('id').executeTakeFirstOrThrow();
      await h.database.db.insertInto('article_companies').values([{ article_id: companyArt.id, company_id: company.id }, { article_id: countryArt.id, company_id: company.id }]).execute();

      const lhr = await uploaded(h, admin, await image(800, 450, 'jpeg', '#aa3300'), 'lhr.jpg', { alt_text: 'Heathrow', credit: 'Photo desk', licence: 'CC BY 4.0' });
      const gb = await uploaded(h, admin, await image(800, 450, 'png', '#0033aa'), 'gb.png');
      const fr = await uploaded(h, admin, await image(800, 450, 'jpeg', '#0055ff'), 'fr.jpg');
      const co = await uploaded(h, admin, await image(800, 450, 'webp', '#00aa55'), 'co.webp');
      const pin = await uploaded(h, admin, await image(800, 450, 'jpeg', '#ffaa00'), 'pin.jpg');
      await bind(h, admin, lhr.id, { airports: ['LHR'] });
      await bind(h, admin, gb.id, { countries: ['GB'] });
      await bind(h, admin, fr.id, { countries: ['fr'] });
      await bind(h, admin, co.id, { companies: [company.id] });
      const put = await h.app.inject({ method: 'PUT', url: `/v1/admin/articles/${pinnedArt.id}/cover`, headers: admin.keyAuth, payload: { media_id: pin.id } });
      assert.equal(put.statusCode, 200, put.body);

      const unknown = '00000000-0000-4000-8000-000000000001';
      const ids = [pinnedArt.id, airportArt.id, countryArt.id, companyArt.id, bareArt.id, draftArt.id, unknown];
      const { covers } = await ok<{ covers: Cover[] }>(h, reader, `/v1/media/covers?articles=${ids.join(',')}`);
      assert.deepEqual(covers.map((c) => c.article_id), ids, 'one per article, in the order asked');
      assert.deepEqual(covers.map((c) => c.rule), ['pinned', 'airport', 'country', 'company', 'none', 'none', 'none']);
      assert.deepEqual(covers.map((c) => c.media?.id ?? null), [pin.id, lhr.id, fr.id, co.id, null, null, null]);
      const heathrow = covers[1]!.media!;
      assert.equal(heathrow.url, `/v1/media/${lhr.id}`);
      assert.deepEqual([heathrow.width, heathrow.height, heathrow.alt_text, heathrow.credit, heathrow.licence], [800, 450, 'Heathrow', 'Photo desk', 'CC BY 4.0']);
      assert.ok(Buffer.from(heathrow.placeholder, 'base64').length > 5, 'a ThumbHash placeholder');

      // Release: the derived cover (airport) applies again.
      const del = await h.app.inject({ method: 'DELETE', url: `/v1/admin/articles/${pinnedArt.id}/cover`, headers: admin.keyAuth });
      assert.equal(del.statusCode, 200, 'DELETE answers 200 with the pin as it was');
    assert.equal((del.json() as { media_id: string }).media_id, pin.id);
      const again = await ok<{ covers: Cover[] }>(h, reader, `/v1/media/covers?articles=${pinnedArt.id}`);
      assert.deepEqual(again.covers.map((c) => [c.rule, c.media?.id]), [['airport', lhr.id]]);
    });

    it('names the parameter when an id is malformed, answers [] without ids, and needs a token', async () => {
      const body = await problem(h, reader, '/v1/media/covers?articles=abc', 400, /articles/);
      assert.equal(body.errors?.[0]?.name, 'articles');
      assert.deepEqual(await ok(h, reader, '/v1/media/covers'), { covers: [] });
      assert.equal((await getAs(h, null, '/v1/media/covers?articles=abc')).statusCode, 401);
    });
  });

  describe('GET /v1/media/airports', () => {
    it('lists the imagery of each airport asked for, by id or IATA code; one without imagery is absent', async () => {
      const ams = await uploaded(h, admin, await image(640, 480), 'ams.jpg');
      await bind(h, admin, ams.id, { airports: ['AMS'] });
      const amsRow = await h.database.db.selectFrom('airports').select('id').where('iata', '=', 'AMS').executeTakeFirstOrThrow();
      const { media } = await ok<{ media: { id: string; iata: string; airport_id: string }[] }>(h, reader, '/v1/media/airports?airports=cdg,AMS');
      assert.deepEqual(media.map((m) => [m.iata, m.id]), [['AMS', ams.id]]);
      const byId = await ok<{ media: { id: string }[] }>(h, reader, `/v1/media/airports?airports=${amsRow.id}`);
      assert.deepEqual(byId.media.map((m) => m.id), [ams.id]);
      await problem(h, reader, '/v1/media/airports?airports=LONDON', 400, /airports/);
    });
  });

  describe('GET /v1/media/{id}', () => {
    it('answers every ladder width with an image of that width (decoded with sharp)', async () => {
      for (const w of LADDER) {
        const res = await getAs(h, reader, `/v1/media/${big.id}?w=${w}`);
        assert.equal(res.statusCode, 200, `w=${w}: ${res.body.slice(0, 200)}`);
        assert.equal(res.headers['content-type'], 'image/jpeg');
        const meta = await sharp(res.rawPayload).metadata();
        assert.equal(meta.format, 'jpeg');
        assert.equal(meta.width, w, `w=${w}`);
        assert.equal(meta.height, Math.round((1000 * w) / 1600), `w=${w}: aspect ratio kept`);
      }
      const original = await getAs(h, reader, `/v1/media/${big.id}`);
      assert.equal(original.statusCode, 200);
      const meta = await sharp(original.rawPayload).metadata();
      assert.deepEqual([meta.width, meta.height], [1600, 1000], 'without w: the original');
    });

    it('serves WebP when Accept lists it, and never enlarges', async () => {
      const webp = await getAs(h, reader, `/v1/media/${big.id}?w=640`, { accept: 'image/avif,image/webp,*/*' });
      assert.equal(webp.headers['content-type'], 'image/webp');
      assert.equal(webp.headers.vary, 'Accept');
      const meta = await sharp(webp.rawPayload).metadata();
      assert.deepEqual([meta.format, meta.width], ['webp', 640]);
      const refused = await getAs(h, reader, `/v1/media/${big.id}?w=640`, { accept: 'image/webp;q=0, image/*' });
      assert.equal(refused.headers['content-type'], 'image/jpeg');
      const small = await uploaded(h, admin, await image(200, 100, 'png'), 'small.png');
      const res = await getAs(h, reader, `/v1/media/${small.id}?w=1280`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.equal((await sharp(res.rawPayload).metadata()).width, 200, 'not upscaled');
    });

    it('refuses a width off the ladder with 400 problem+json before the lookup; 404 for an unknown id', async () => {
      const body = await problem(h, reader, `/v1/media/${big.id}?w=100`, 400, /w/);
      assert.equal(body.errors?.[0]?.name, 'w');
      await problem(h, reader, '/v1/media/00000000-0000-4000-8000-000000000000?w=100', 400, /w/);
      await problem(h, reader, '/v1/media/00000000-0000-4000-8000-000000000000?w=320', 404);
      await problem(h, reader, '/v1/media/00000000-0000-4000-8000-000000000000', 404);
      await problem(h, reader, '/v1/media/not-a-uuid', 400);
      assert.equal((await getAs(h, null, `/v1/media/${big.id}`)).statusCode, 401);
    });

    it('answers a strong ETag, 304 on If-None-Match, a long immutable Cache-Control, and caches the variant', async () => {
      const before = await store.objects(h, `variants/${big.id}/288.`);
      const first = await getAs(h, reader, `/v1/media/${big.id}?w=288`);
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[0-9a-f]{64}"$/, 'a strong ETag');
      assert.equal(first.headers['cache-control'], 'private, max-age=31536000, immutable');
      const cached = await store.objects(h, `variants/${big.id}/288.`);
      assert.equal(cached.length, before.length === 0 ? 1 : before.length);
      assert.equal(`"${cached[0]!.sha256}"`, etag);
      const second = await getAs(h, reader, `/v1/media/${big.id}?w=288`);
      assert.equal(second.headers.etag, etag, 'the cached bytes again');
      assert.deepEqual(second.rawPayload, first.rawPayload);
      const notModified = await getAs(h, reader, `/v1/media/${big.id}?w=288`, { 'if-none-match': `"other", ${etag}` });
      assert.equal(notModified.statusCode, 304);
      assert.equal(notModified.body, '');
      assert.equal(notModified.headers.etag, etag);
      const original = await getAs(h, reader, `/v1/media/${big.id}`);
      const again = await getAs(h, reader, `/v1/media/${big.id}`, { 'if-none-match': String(original.headers.etag) });
      assert.equal(again.statusCode, 304);
      const changed = await getAs(h, reader, `/v1/media/${big.id}?w=288`, { 'if-none-match': '"0000"' });
      assert.equal(changed.statusCode, 200);
    });
  });

  describe('sample imagery', () => {
    let s: Harness;
    before(async () => { s = await startHarness({ sample: true }); });
    after(() => s.close());

    it('gives every published sample article a cover, generated and credited with a licence', async () => {
      const who = await s.identity({ plan: 'core' });
      const articles = await s.database.db.selectFrom('articles as a').innerJoin('editions as e', 'e.id', 'a.edition_id').select('a.id')
        .where('e.status', 'in', ['published', 'archived']).execute();
      assert.ok(articles.length > 10);
      const { covers } = await ok<{ covers: Cover[] }>(s, who, `/v1/media/covers?articles=${articles.map((a) => a.id).join(',')}`);
      assert.deepEqual(covers.filter((c) => !c.media).map((c) => c.article_id), [], 'articles without a cover');
      for (const c of covers) {
        assert.equal(c.media!.credit, 'Generated by airport-intel');
        assert.equal(c.media!.licence, 'CC0-1.0');
      }
      assert.ok(covers.some((c) => c.rule === 'airport') && covers.some((c) => c.rule === 'pinned'));
      const res = await getAs(s, who, `${covers[0]!.media!.url}?w=320`);
      assert.equal(res.statusCode, 200);
      assert.equal((await sharp(res.rawPayload).metadata()).width, 320);
      const { media } = await ok<{ media: { iata: string }[] }>(s, who, '/v1/media/airports?airports=LHR');
      assert.deepEqual(media.map((m) => m.iata), ['LHR']);
    });
  });
}
