/**
 * The gate of a reader operation is declared once, on the operation (`gated`, `gatedAs`:
 * src/domain/entitlements.ts, decision 0057): the operation applies it whoever calls it (a face, a
 * job, another operation), names it as `gates`, and the routes read it from there. Called here
 * directly, without any face, on the sample data; and over HTTP, where the route refuses before it
 * validates.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Ctx, Identity } from '../../src/domain/context.js';
import { DomainError } from '../../src/domain/errors.js';
import { GATES, type Feature } from '../../src/domain/entitlements.js';
import { exportProjects, getProject, listProjects, listProjectsForReader } from '../../src/domain/projects/index.js';
import { listTenders } from '../../src/domain/tenders/index.js';
import { listCompanyProjects, listCompanyTenders } from '../../src/domain/company-profiles/index.js';
import { listAirportArticles } from '../../src/domain/airports/index.js';
import { searchArchive } from '../../src/domain/articles/index.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness({ sample: true });
});
after(() => h.close());

/** A reader's context holding `features` in full (nothing as a preview). */
function readerCtx(features: Feature[]): Ctx {
  const identity: Identity = {
    userId: '00000000-0000-4000-8000-000000000001', email: 'reader@example.com', isAdmin: false, credential: 'session',
    apiKeyId: null, accountId: null, subscriptionId: null, planCode: 'core', features: new Set(features), previews: new Set(), dailyQuota: null,
  };
  return { ...h.ctx(), actor: 'user', identity };
}

const window = { limit: 5, offset: 0 };
const refusedFor = (label: string) => (e: unknown) => e instanceof DomainError && e.code === 'FORBIDDEN' && e.message.includes(label);

describe('a gated operation', () => {
  it('names the gate it applies, and an operation that delegates names its delegate\u2019s', () => {
    assert.deepEqual(listProjects.gates, GATES.projects);
    assert.deepEqual(exportProjects.gates, GATES.projectsExport);
    assert.deepEqual(listTenders.gates, GATES.tenders);
    assert.deepEqual(searchArchive.gates, GATES.archive);
    assert.equal(listProjectsForReader.gates, listProjects.gates);
    assert.equal(listCompanyProjects.gates, listProjects.gates);
    assert.equal(listCompanyTenders.gates, listTenders.gates);
    assert.equal(listAirportArticles.gates, searchArchive.gates);
  });

  it('applies it when called directly: a reader without the feature is refused, one with it and a system context are served', async () => {
    await assert.rejects(listProjects(readerCtx(['archive']), {}, 'title_asc', window), refusedFor('projects'));
    await assert.rejects(listTenders(readerCtx(['projects']), {}, 'deadline_asc', window), (e: unknown) => e instanceof DomainError && e.code === 'FORBIDDEN');
    await assert.rejects(exportProjects(readerCtx(['projects']), {}, []), (e: unknown) => e instanceof DomainError && e.code === 'FORBIDDEN', 'exports is needed on top');
    const served = await listProjects(readerCtx(['projects']), {}, 'title_asc', window);
    assert.equal(served.items.length, 5);
    const system = await listProjects(h.ctx(), {}, 'title_asc', window);
    assert.deepEqual(system.items.map((p) => p.id), served.items.map((p) => p.id));
    const first = served.items[0]!;
    await assert.rejects(getProject(readerCtx([]), first.id), (e: unknown) => e instanceof DomainError && e.code === 'FORBIDDEN');
    assert.equal((await getProject(readerCtx(['projects']), first.id)).id, first.id);
  });

  it('is read by its route: a reader without the feature is refused before the query is validated', async () => {
    const core = await h.identity({ plan: 'core' }); // archive, no projects
    const res = await h.app.inject({ method: 'GET', url: '/v1/companies/no-such-company/projects?sort=not-a-sort', headers: core.sessionAuth });
    assert.equal(res.statusCode, 403);
    assert.match(res.json().detail, /projects/i);
  });
});
