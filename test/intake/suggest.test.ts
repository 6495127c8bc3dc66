/** POST /v1/admin/suggest/metadata over HTTP: what it finds, the confidence and triggers, that it writes nothing. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => { h = await startHarness(); });
after(() => h.close());

it('suggests airports by name, city, IATA and ICAO code, the country, region and topics, with triggers; writes nothing', async () => {
  const admin = await h.identity({ admin: true });
  const count = async () => (await h.database.db.selectFrom('audit_log').select('id').execute()).length;
  const before = await count();
  const res = await h.app.inject({
    method: 'POST', url: '/v1/admin/suggest/metadata', headers: admin.keyAuth,
    payload: {
      headline: 'Changi Terminal 5 contract awarded',
      text: 'Singapore awarded the main construction contract for Terminal 5 at Changi. Flights from Frankfurt (FRA) will use the new terminal, with more capacity for passengers.',
    },
  });
  assert.equal(res.statusCode, 200, res.body);
  const s = res.json();
  const iatas = s.airports.map((a: { iata: string }) => a.iata);
  assert.ok(iatas.includes('SIN'), JSON.stringify(s.airports));
  assert.ok(iatas.includes('FRA'));
  const icao = await h.app.inject({ method: 'POST', url: '/v1/admin/suggest/metadata', headers: admin.keyAuth, payload: { text: 'Arrivals at EGLL were held for an hour.' } });
  assert.deepEqual(icao.json().airports.map((a: { iata: string }) => a.iata), ['LHR'], 'by ICAO code');
  const sin = s.airports.find((a: { iata: string }) => a.iata === 'SIN');
  assert.ok(sin.confidence > 0.5 && sin.confidence <= 1);
  assert.ok(sin.triggers.includes('Changi'));
  assert.equal(s.country.code, 'SG');
  assert.equal(s.region.slug, 'asia-pacific');
  assert.ok(s.topics.some((t: { slug: string }) => t.slug === 'terminals'));
  assert.equal(await count(), before, 'nothing written');

  const empty = await h.app.inject({ method: 'POST', url: '/v1/admin/suggest/metadata', headers: admin.keyAuth, payload: { text: 'nothing to see here' } });
  assert.equal(empty.statusCode, 200);
  assert.deepEqual(empty.json().airports, []);
  assert.equal(empty.json().country, null);
  const bad = await h.app.inject({ method: 'POST', url: '/v1/admin/suggest/metadata', headers: admin.keyAuth, payload: { text: '' } });
  assert.equal(bad.statusCode, 400);
  const reader = await h.identity({ plan: 'professional' });
  const hidden = await h.app.inject({ method: 'POST', url: '/v1/admin/suggest/metadata', headers: reader.keyAuth, payload: { text: 'x' } });
  assert.equal(hidden.statusCode, 404);
});

it('scores the sample inbox with reasons (the seed runs the same scorer)', async () => {
  const s = await startHarness({ sample: true });
  try {
    const rows = await s.database.db.selectFrom('inbox_items').select(['score', 'score_reasons']).execute();
    assert.ok(rows.length > 0);
    for (const r of rows) {
      const reasons = r.score_reasons as { points: number }[];
      assert.ok(reasons.length > 0);
      assert.equal(reasons.reduce((sum, x) => sum + x.points, 0), r.score);
    }
  } finally {
    await s.close();
  }
});
