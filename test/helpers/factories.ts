/**
 * Factories: records made through the domain's own write operations (validation, derived fields,
 * rollups and audit included), with defaults so that a test names only what it is about:
 *
 *     const project = await makeProject(h, { title: 'Runway 2', iata_code: 'LHR' });
 *
 * Admin writes run as an administrator the factories create once per harness ({@link adminCtx}),
 * at the harness's clock. Suites built on them need no sample dataset.
 */
import crypto from 'node:crypto';
import { utcDay } from '../../src/domain/clock.js';
import type { Ctx } from '../../src/domain/context.js';
import { createArticle, type ArticleInput } from '../../src/domain/articles/index.js';
import type { ArticleView } from '../../src/domain/articles/repository.js';
import type { EditionView } from '../../src/domain/editions/repository.js';
import { createEdition, type EditionInput } from '../../src/domain/editions/index.js';
import { loadIdentity } from '../../src/domain/identity/load-identity.js';
import { createUser, type NewUser, type UserView } from '../../src/domain/identity/index.js';
import { createProject, type ProjectCreateInput, type ProjectView } from '../../src/domain/projects/index.js';
import { createTender, type TenderCreateInput, type TenderView } from '../../src/domain/tenders/index.js';
import type { Harness } from './harness.js';

let sequence = 0;
/** A label unique in this process: `<prefix> <n>-<random>`. */
const unique = (prefix: string): string => `${prefix} ${++sequence}-${crypto.randomBytes(2).toString('hex')}`;

const admins = new WeakMap<Harness, Promise<Ctx>>();

/**
 * A context acting as an administrator of `h` (created on first use, one per harness), over the
 * harness's database and clock: what admin write operations need.
 */
export function adminCtx(h: Harness): Promise<Ctx> {
  let ctx = admins.get(h);
  if (!ctx) {
    ctx = (async () => {
      const user = await createUser(h.ctx(), { email: `${unique('factory-admin').replace(/\s/g, '-')}@example.test`, admin: true });
      const identity = await loadIdentity(h.ctx(), user.id, 'session');
      if (!identity) throw new Error(`factories: the admin user ${user.id} has no identity`);
      return { ...h.ctx(), actor: 'user', identity, requestId: 'test-factory' } satisfies Ctx;
    })();
    ctx.catch(() => admins.delete(h));
    admins.set(h, ctx);
  }
  return ctx;
}

/**
 * A user (with their own account, and a subscription when `plan` is given) via `createUser`.
 * Defaults: a unique `@example.test` email, no plan, not an administrator. For a user with
 * credentials to call the API with, use `h.identity()`.
 */
export async function makeUser(h: Harness, input: Partial<NewUser> = {}): Promise<UserView> {
  return createUser(h.ctx(), { email: `${unique('user').replace(/\s/g, '-')}@example.test`, ...input });
}

/**
 * An edition via `createEdition`. Defaults: the next free number, published (readers see it), dated
 * the harness clock's UTC day.
 */
export async function makeEdition(h: Harness, input: EditionInput = {}): Promise<EditionView> {
  const ctx = await adminCtx(h);
  let number = input.number;
  if (number === undefined) {
    const row = await ctx.db.selectFrom('editions').select((eb) => eb.fn.max('number').as('max')).executeTakeFirst();
    number = Number(row?.max ?? 0) + 1;
  }
  return createEdition(ctx, { status: 'published', ...input, number, publish_date: input.publish_date ?? utcDay(h.clock.now()) });
}

/**
 * An article via `createArticle`. Defaults: a unique headline, some content, and a new published
 * edition ({@link makeEdition}) unless `edition_id` is given.
 */
export async function makeArticle(h: Harness, input: ArticleInput = {}): Promise<ArticleView> {
  const ctx = await adminCtx(h);
  const edition_id = input.edition_id ?? (await makeEdition(h)).id;
  const headline = input.headline ?? unique('Test article');
  return createArticle(ctx, { content: `${headline}: what happened.`, ...input, edition_id, headline });
}

/** A project via `createProject`. Defaults: a unique title; status `planned` (the domain's default). */
export async function makeProject(h: Harness, input: Partial<ProjectCreateInput> = {}): Promise<ProjectView> {
  return createProject(await adminCtx(h), { ...input, title: input.title ?? unique('Test project') });
}

/**
 * A tender via `createTender`. Defaults: a unique title, buyer `Test Airport Authority`, type
 * `tender`; status `open` and published on the clock's day (the domain's defaults).
 */
export async function makeTender(h: Harness, input: Partial<TenderCreateInput> = {}): Promise<TenderView> {
  return createTender(await adminCtx(h), {
    ...input,
    title: input.title ?? unique('Test tender'),
    buyer: input.buyer ?? 'Test Airport Authority',
    type: input.type ?? 'tender',
  });
}
