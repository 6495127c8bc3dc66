/**
 * /v1/admin imagery over HTTP (issue 12): the upload checks (type by bytes, size and pixel caps,
 * EXIF/GPS stripped, nothing stored on failure), the library and its unbound filter, PATCH
 * bindings, delete refused while pinned, pin/release, and 404 problem+json for non-admins on every path —
 * over each media store (test/helpers/media-stores.ts): admin-media.test.ts runs it on the database,
 * admin-media-s3.test.ts on S3.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { makeArticle } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { getAs, ok } from './helpers.js';
import { bind, image, multipart, upload, uploaded } from './media-helpers.js';
import type { MediaStoreUnderTest } from '../helpers/media-stores.js';

/** The /v1/admin imagery tests over `store`. */
export function adminMediaSuite(store: MediaStoreUnderTest): void {
  const MAX_BYTES = 200_000;
  const MAX_PIXELS = 4_000_000;

  let h: Harness;
  let admin: TestIdentity;
  let pro: TestIdentity;

  before(async () => {
    h = await startHarness({ media: { maxBytes: MAX_BYTES, maxPixels: MAX_PIXELS }, objectStore: await store.start() });
    admin = await h.identity({ admin: true });
    pro = await h.identity({ plan: 'professional' });
  });
  after(async () => {
    await h.close();
    await store.close();
  });

  const count = async () => Number((await h.database.db.selectFrom('media_assets').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const objects = async () => (await store.objects(h)).length;

  function assertProblem(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown; body: string }, status: number, detail?: RegExp) {
    assert.equal(res.statusCode, status, res.body.slice(0, 300));
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    const body = res.json() as { status: number; detail: string };
    assert.equal(body.status, status);
    if (detail) assert.match(body.detail, detail);
  }

  describe('upload checks', () => {
    it('judges the type by the bytes: a PNG named .jpg is stored as PNG', async () => {
      const png = await image(300, 200, 'png');
      const res = await upload(h, admin, png, 'holiday.jpg', { alt_text: 'A runway', credit: 'Desk', licence: 'CC BY 4.0' }, 'image/jpeg');
      assert.equal(res.statusCode, 201, res.body);
      const body = res.json() as { id: string; content_type: string; filename: string; width: number; height: number; alt_text: string; kind: string };
      assert.equal(res.headers.location, `/v1/admin/media/${body.id}`);
    assert.equal((await getAs(h, admin, String(res.headers.location))).statusCode, 200, 'Location reads the asset');
      assert.deepEqual([body.content_type, body.filename, body.width, body.height, body.alt_text, body.kind], ['image/png', 'holiday.jpg', 300, 200, 'A runway', 'upload']);
      const bytes = await getAs(h, pro, `/v1/media/${body.id}`);
      assert.equal(bytes.headers['content-type'], 'image/png');
      assert.equal((await sharp(bytes.rawPayload).metadata()).format, 'png');
      const audit = await h.database.db.selectFrom('audit_log').select(['action', 'entity']).where('entity_id', '=', body.id).execute();
      assert.deepEqual(audit, [{ action: 'create', entity: 'media' }]);
    });

    it('accepts WebP, GIF and AVIF by their bytes', async () => {
      for (const format of ['webp', 'gif', 'avif'] as const) {
        const body = await uploaded(h, admin, await image(120, 80, format), `x.${format}`);
        assert.equal(body.content_type, `image/${format}`);
      }
    });

    it('refuses a text file named .png with 415, and stores nothing', async () => {
      const [assets, stored] = [await count(), await objects()];
      const res = await upload(h, admin, Buffer.from('this is not an image\n'.repeat(20)), 'photo.png', {}, 'image/png');
      assertProblem(res, 415, /JPEG, PNG, WebP, AVIF or GIF/);
      const svg = await upload(h, admin, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'logo.png');
      assertProblem(svg, 415);
      assert.deepEqual([await count(), await objects()], [assets, stored]);
    });

    it('refuses an oversized upload (413) and a too-many-pixels image (413) before decoding it, storing nothing', async () => {
      const [assets, stored] = [await count(), await objects()];
      // Noise does not compress: a PNG well above MAX_BYTES.
      const noise = Buffer.alloc(400 * 400 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const heavy = await sharp(noise, { raw: { width: 400, height: 400, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      assert.ok(heavy.length > MAX_BYTES);
      assertProblem(await upload(h, admin, heavy, 'heavy.png'), 413);
      // A small file that claims many pixels (a solid colour compresses to almost nothing).
      const bomb = await sharp({ create: { width: 2100, height: 2000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
      assert.ok(bomb.length < MAX_BYTES);
      assertProblem(await upload(h, admin, bomb, 'bomb.png'), 413, /pixels/);
      assert.deepEqual([await count(), await objects()], [assets, stored]);
    });

    it('strips EXIF (GPS included) from the stored original', async () => {
      const withGps = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#884422' } })
        .withExif({ IFD0: { Copyright: 'Secret Photographer' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 28/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 27/1 0/1' } })
        .jpeg().toBuffer();
      assert.ok((await sharp(withGps).metadata()).exif, 'the test image carries EXIF');
      const body = await uploaded(h, admin, withGps, 'gps.jpg');
      const res = await getAs(h, pro, `/v1/media/${body.id}`);
      const meta = await sharp(res.rawPayload).metadata();
      assert.equal(meta.exif, undefined, 'no EXIF block');
      assert.equal(meta.xmp, undefined, 'no XMP block');
      assert.ok(!res.rawPayload.includes(Buffer.from('Secret Photographer')));
      const stored = await store.bytes(h, `originals/${body.id}`);
      assert.ok(stored, 'the original is stored');
      assert.equal((await sharp(stored).metadata()).exif, undefined);
    });

    it('answers 400 naming the field without a file', async () => {
      const res = await h.app.inject({ method: 'POST', url: '/v1/admin/media', headers: admin.keyAuth, payload: { alt_text: 'x' } });
      assertProblem(res, 400, /file/);
      const onlyFields = await multipart(Buffer.alloc(0), 'empty.jpg');
      const empty = await h.app.inject({ method: 'POST', url: '/v1/admin/media', headers: { ...admin.keyAuth, 'content-type': onlyFields.contentType }, payload: onlyFields.payload });
      assertProblem(empty, 400, /file/);
    });
  });

  describe('library', () => {
    it('filters unbound assets; PATCH binds and describes; GET shows bindings and pins', async () => {
      const loose = await uploaded(h, admin, await image(400, 300), 'loose-runway.jpg');
      const boundOne = await uploaded(h, admin, await image(400, 300), 'bound-terminal.jpg');
      const patched = await bind(h, admin, boundOne.id, { airports: ['LHR', 'cdg'], countries: ['GB'], alt_text: 'Terminal 5', licence: 'CC0-1.0' });
      assert.deepEqual((patched.bindings as { airports: { iata: string }[] }).airports.map((a) => a.iata), ['CDG', 'LHR']);
      assert.equal(patched.alt_text, 'Terminal 5');
      const unbound = await ok<{ media: { id: string }[] }>(h, admin, '/v1/admin/media?unbound=true&limit=200');
      assert.ok(unbound.media.some((m) => m.id === loose.id));
      assert.ok(!unbound.media.some((m) => m.id === boundOne.id));
      const bound = await ok<{ media: { id: string }[] }>(h, admin, '/v1/admin/media?unbound=false&limit=200');
      assert.ok(bound.media.some((m) => m.id === boundOne.id) && !bound.media.some((m) => m.id === loose.id));
      const q = await ok<{ media: { id: string }[] }>(h, admin, '/v1/admin/media?q=loose-runway');
      assert.deepEqual(q.media.map((m) => m.id), [loose.id]);
      const page = await getAs(h, admin, '/v1/admin/media?limit=1');
      assert.equal((page.json() as { media: unknown[] }).media.length, 1);
      assert.match(String(page.headers.link), /rel="next"/);
      // Clearing a set.
      const cleared = await bind(h, admin, boundOne.id, { airports: [], countries: [] });
      assert.deepEqual(cleared.bindings, { airports: [], countries: [], companies: [] });
      const refused = await h.app.inject({ method: 'PATCH', url: `/v1/admin/media/${boundOne.id}`, headers: admin.keyAuth, payload: { airports: ['ZZZ'] } });
      assertProblem(refused, 400, /airports/);
    });

    it('pins and releases a cover; refuses to delete a pinned asset unless forced', async () => {
      const article = await makeArticle(h, { airports: ['LHR'] });
      const asset = await uploaded(h, admin, await image(400, 300), 'pin.jpg');
      const put = await h.app.inject({ method: 'PUT', url: `/v1/admin/articles/${article.id}/cover`, headers: admin.keyAuth, payload: { media_id: asset.id } });
      assert.equal(put.statusCode, 200, put.body);
      assert.deepEqual([put.json().article_id, put.json().media_id], [article.id, asset.id]);
      const detail = await ok<{ pinned_by: { article_id: string }[]; pinned_count: number }>(h, admin, `/v1/admin/media/${asset.id}`);
      assert.deepEqual(detail.pinned_by.map((p) => p.article_id), [article.id]);
      assert.equal(detail.pinned_count, 1);
      const unbound = await ok<{ media: { id: string }[] }>(h, admin, '/v1/admin/media?unbound=true&limit=200');
      assert.ok(!unbound.media.some((m) => m.id === asset.id), 'a pinned asset is not unbound');
      const covers = await ok<{ covers: { rule: string; media: { id: string } }[] }>(h, pro, `/v1/media/covers?articles=${article.id}`);
      assert.deepEqual(covers.covers.map((c) => [c.rule, c.media.id]), [['pinned', asset.id]]);

      assertProblem(await h.app.inject({ method: 'DELETE', url: `/v1/admin/media/${asset.id}`, headers: admin.keyAuth }), 409, /pinned/);
      const release = await h.app.inject({ method: 'DELETE', url: `/v1/admin/articles/${article.id}/cover`, headers: admin.keyAuth });
      assert.equal(release.statusCode, 200, 'DELETE answers 200 with the pin as it was');
    assert.deepEqual((({ article_id, media_id }) => ({ article_id, media_id }))(release.json() as { article_id: string; media_id: string }), { article_id: article.id, media_id: asset.id });
      const after = await ok<{ covers: { rule: string }[] }>(h, pro, `/v1/media/covers?articles=${article.id}`);
      assert.deepEqual(after.covers.map((c) => c.rule), ['none']);

      const again = await h.app.inject({ method: 'PUT', url: `/v1/admin/articles/${article.id}/cover`, headers: admin.keyAuth, payload: { media_id: asset.id } });
      assert.equal(again.statusCode, 200);
      await getAs(h, pro, `/v1/media/${asset.id}?w=144`); // a cached variant, deleted with the asset
      const forced = await h.app.inject({ method: 'DELETE', url: `/v1/admin/media/${asset.id}?force=true`, headers: admin.keyAuth });
      assert.equal(forced.statusCode, 200, 'DELETE answers 200 with the asset as it was');
      assert.equal((forced.json() as { id: string }).id, asset.id);
      assert.deepEqual([...await store.objects(h, `originals/${asset.id}`), ...await store.objects(h, `variants/${asset.id}/`)], [], 'original and variants gone');
      assert.equal((await getAs(h, pro, `/v1/media/${asset.id}`)).statusCode, 404);
      assert.equal(await h.database.db.selectFrom('article_covers').select('article_id').where('article_id', '=', article.id).executeTakeFirst(), undefined);

      assertProblem(await h.app.inject({ method: 'PUT', url: `/v1/admin/articles/${article.id}/cover`, headers: admin.keyAuth, payload: { media_id: asset.id } }), 400, /media_id/);
      assertProblem(await h.app.inject({ method: 'PUT', url: '/v1/admin/articles/00000000-0000-4000-8000-000000000000/cover', headers: admin.keyAuth, payload: { media_id: asset.id } }), 404);
      assertProblem(await h.app.inject({ method: 'DELETE', url: `/v1/admin/media/${asset.id}`, headers: admin.keyAuth }), 404);
    });
  });

  describe('access', () => {
    it('answers 404 problem+json to a non-administrator on every admin path, and changes nothing', async () => {
      const asset = await uploaded(h, admin, await image(200, 100), 'guarded.jpg');
      const article = await makeArticle(h);
      const form = await multipart(await image(100, 100), 'x.jpg');
      const calls: { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; payload?: unknown; type?: string }[] = [
        { method: 'GET', url: '/v1/admin/media' },
        { method: 'POST', url: '/v1/admin/media', payload: form.payload, type: form.contentType },
        { method: 'GET', url: `/v1/admin/media/${asset.id}` },
        { method: 'PATCH', url: `/v1/admin/media/${asset.id}`, payload: { alt_text: 'hijacked' } },
        { method: 'DELETE', url: `/v1/admin/media/${asset.id}?force=true` },
        { method: 'PUT', url: `/v1/admin/articles/${article.id}/cover`, payload: { media_id: asset.id } },
        { method: 'DELETE', url: `/v1/admin/articles/${article.id}/cover` },
      ];
      const before = await count();
      for (const who of [pro, await h.identity({ plan: 'enterprise' })]) {
        for (const c of calls) {
          const res = await h.app.inject({ method: c.method, url: c.url, headers: { ...who.keyAuth, ...(c.type ? { 'content-type': c.type } : {}) }, ...(c.payload ? { payload: c.payload as string } : {}) });
          assertProblem(res, 404);
        }
      }
      assert.equal(await count(), before);
      const still = await ok<{ alt_text: string | null }>(h, admin, `/v1/admin/media/${asset.id}`);
      assert.equal(still.alt_text, null);
      assert.equal((await h.app.inject({ method: 'GET', url: '/v1/admin/media' })).statusCode, 401);
    });
  });

  describe('where the bytes live', () => {
    it(`keeps every object in the ${store.name} store only`, async () => {
      const { n } = await h.database.db.selectFrom('media_objects').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const held = await store.objects(h);
      assert.ok(held.length > 0, 'the tests stored objects');
      // The object store leaves the table empty (a large library does not grow the database).
      assert.equal(Number(n), store.name === 's3' ? 0 : held.length);
    });
  });
}
