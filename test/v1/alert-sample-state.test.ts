/**
 * Issue 10, sample data: a walk-through user (`users create` with the sample loaded) gets a saved
 * article, a watched project and one alert rule per subject their plan can read, visible over /v1.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { seedReaderState } from '../../src/seed/reader-state.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness({ sample: true });
});
after(() => h.close());

it('a sample user starts with a saved article, a watched project and a rule per subject', async () => {
  const u = await h.identity({ plan: 'enterprise' });
  const report = await seedReaderState(h.ctx(), u.userId);
  assert.ok(report.savedArticle && report.watchedProject);
  const get = async (url: string) => (await h.app.inject({ method: 'GET', url, headers: u.keyAuth })).json() as Record<string, { id: string; subject?: string }[]>;
  assert.deepEqual((await get('/v1/library/saved')).articles!.map((a) => a.id), [report.savedArticle]);
  assert.deepEqual((await get('/v1/library/watchlist')).projects!.map((p) => p.id), [report.watchedProject]);
  assert.deepEqual((await get('/v1/alert-rules')).rules!.map((r) => r.subject).sort(), ['articles', 'projects', 'tenders']);
  assert.deepEqual(await seedReaderState(h.ctx(), u.userId), { savedArticle: null, watchedProject: null, rules: [] }, 'idempotent');
});
