/**
 * The reader's favourite topics, tags, regions and airports (`user_interests`), validated against
 * the reference vocabularies; they drive `mine=true` in search (articles/interests.ts) and the
 * personalised newsletter.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { invalidParam, notFound, unauthenticated } from '../errors.js';
import { writeTransaction } from '../shared/database-errors.js';
import type { ReplaceInterestsInput } from './schemas.js';

/** The reader's favourites, each list sorted. */
export interface Interests {
  topics: string[];
  tags: string[];
  regions: string[];
  /** IATA codes. */
  airports: string[];
}

const KIND_OF: Record<keyof Interests, 'topic' | 'tag' | 'region' | 'airport'> = { topics: 'topic', tags: 'tag', regions: 'region', airports: 'airport' };

async function readInterests(db: Kysely<DB>, userId: string): Promise<Interests> {
  const rows = await db.selectFrom('user_interests').select(['kind', 'ref']).where('user_id', '=', userId)
    .where('kind', 'in', ['topic', 'tag', 'region', 'airport']).orderBy('kind').orderBy('ref').execute();
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.ref);
  return { topics: of('topic'), tags: of('tag'), regions: of('region'), airports: of('airport') };
}

const userOf = (ctx: Ctx): string => {
  if (!ctx.identity) throw unauthenticated('Authentication required');
  return ctx.identity.userId;
};

/** The caller's favourites (`GET /v1/account/interests`). @throws DomainError UNAUTHENTICATED */
export async function getInterests(ctx: Ctx): Promise<Interests> {
  return readInterests(ctx.db, userOf(ctx));
}

/** Refuses values that name nothing in the vocabulary of `field`. @throws DomainError VALIDATION */
async function checkKnown(db: Kysely<DB>, field: keyof Interests, values: string[]): Promise<void> {
  if (values.length === 0) return;
  const known = new Set<string>(
    field === 'topics' ? (await db.selectFrom('topics').select('slug as v').where('slug', 'in', values).execute()).map((r) => r.v)
      : field === 'tags' ? (await db.selectFrom('tags').select('slug as v').where('slug', 'in', values).execute()).map((r) => r.v)
        : field === 'regions' ? (await db.selectFrom('regions').select('slug as v').where('slug', 'in', values).execute()).map((r) => r.v)
          : (await db.selectFrom('airports').select('iata as v').where('iata', 'in', values).execute()).map((r) => r.v),
  );
  const unknown = values.filter((v) => !known.has(v));
  if (unknown.length) throw invalidParam(field, `unknown ${field === 'airports' ? 'IATA codes' : 'slugs'}: ${unknown.slice(0, 10).join(', ')} (see /v1/reference)`);
}

/**
 * Replaces the caller's favourites with `input` (`PUT /v1/account/interests`); every value must
 * exist (topics and regions of /v1/reference, tags, airports by IATA code).
 * @throws DomainError UNAUTHENTICATED, VALIDATION naming the field
 */
export async function replaceInterests(ctx: Ctx, input: ReplaceInterestsInput): Promise<Interests> {
  const userId = userOf(ctx);
  const wanted: Interests = { ...input, airports: input.airports.map((a) => a.toUpperCase()) };
  return writeTransaction(ctx, async (trx) => {
    // One replacement at a time per user: concurrent PUTs queue (the last one wins) instead of
    // colliding on the rows the other inserts.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    for (const field of Object.keys(KIND_OF) as (keyof Interests)[]) await checkKnown(trx, field, wanted[field]);
    await trx.deleteFrom('user_interests').where('user_id', '=', userId).where('kind', 'in', ['topic', 'tag', 'region', 'airport']).execute();
    const rows = (Object.keys(KIND_OF) as (keyof Interests)[]).flatMap((f) => [...new Set(wanted[f])].map((ref) => ({ user_id: userId, kind: KIND_OF[f], ref, created_at: ctx.now() })));
    if (rows.length) await trx.insertInto('user_interests').values(rows).execute();
    return readInterests(trx, userId);
  });
}

/** The kind of a taxonomy term slug: a topic, else a tag. */
async function termKind(db: Kysely<DB>, slug: string): Promise<'topic' | 'tag' | undefined> {
  if (await db.selectFrom('topics').select('id').where('slug', '=', slug).executeTakeFirst()) return 'topic';
  if (await db.selectFrom('tags').select('id').where('slug', '=', slug).executeTakeFirst()) return 'tag';
  return undefined;
}

/**
 * Adds one topic or tag to the caller's favourites (`PUT /v1/account/interests/terms/{slug}`);
 * adding it twice changes nothing.
 * @throws DomainError NOT_FOUND for a slug that is neither a topic nor a tag
 */
export async function addInterestTerm(ctx: Ctx, slug: string): Promise<Interests> {
  const userId = userOf(ctx);
  const kind = await termKind(ctx.db, slug);
  if (!kind) throw notFound(`Topic or tag "${slug}"`);
  await ctx.db.insertInto('user_interests').values({ user_id: userId, kind, ref: slug, created_at: ctx.now() })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'ref']).doNothing()).execute();
  return readInterests(ctx.db, userId);
}

/**
 * Removes one topic or tag from the caller's favourites (`DELETE /v1/account/interests/terms/{slug}`).
 * Idempotent like the PUT: removing a term that is not among them changes nothing and answers the
 * favourites all the same.
 * @throws DomainError NOT_FOUND for a slug that is neither a topic nor a tag
 */
export async function removeInterestTerm(ctx: Ctx, slug: string): Promise<Interests> {
  const userId = userOf(ctx);
  const done = await ctx.db.deleteFrom('user_interests').where('user_id', '=', userId).where('kind', 'in', ['topic', 'tag']).where('ref', '=', slug).executeTakeFirst();
  if (Number(done.numDeletedRows) === 0 && !(await termKind(ctx.db, slug))) throw notFound(`Topic or tag "${slug}"`);
  return readInterests(ctx.db, userId);
}
