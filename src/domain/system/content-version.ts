/**
 * The content and identity versions (migrations 0013 and 0015, docs/caching.md, decisions 0027 and
 * 0029): two numbers on the single row of `content_version` that grow at the COMMIT of every
 * transaction that wrote a content table (`version`) or a table an identity is read from
 * (`identity_version`), through statement-level triggers. A reader that has seen version N knows
 * that no acknowledged write is missing from a body (or an identity) read after it.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';

/** Both versions at one instant. */
export interface Versions {
  /** The content version (response cache). */
  content: number;
  /** The identity version (identity cache). */
  identity: number;
}

/** The channel on which the bump triggers send `content:<n>` and `identity:<n>` (migration 0015). */
export const VERSIONS_CHANNEL = 'airport_intel_versions';

/**
 * The current content version: one primary-key read of the single row of `content_version`.
 * @returns the version, a decimal string (a bigint in the database)
 */
export async function readContentVersion(ctx: Ctx): Promise<string> {
  return String((await readVersions(ctx)).content);
}

/** Both versions: one primary-key read of the single row of `content_version`. */
export async function readVersions(ctx: Ctx): Promise<Versions> {
  const { rows } = await sql<{ version: string | number; identity_version: string | number }>`
    select version, identity_version from content_version where id`.execute(ctx.db);
  const row = rows[0];
  return { content: Number(row?.version ?? 0), identity: Number(row?.identity_version ?? 0) };
}

/**
 * Where a process learns the versions at the start of a request. Either reads the row every time
 * ({@link readEachTime}: a PostgreSQL server, which other processes also write), or keeps them in
 * memory from the bump triggers' notifications ({@link notifiedVersions}: the embedded engine, which
 * only this process can write, and whose notifications reach the listener at the COMMIT, before the
 * writer hears that its write is done).
 */
export interface VersionSource {
  /** The versions now. */
  current(ctx: Ctx): Versions | Promise<Versions>;
  /** Stops listening (no-op for {@link readEachTime}). */
  close(): Promise<void>;
}

/** Reads the row at every call: exact across processes, one cheap statement per request. */
export const readEachTime: VersionSource = { current: readVersions, close: async () => {} };

/**
 * Subscribes to {@link VERSIONS_CHANNEL} through `listen` now; reads the row once, at the first
 * call of `current` (after the migrations, which may run after the app is built), and afterwards
 * answers from memory. Only for a database no other process writes (the embedded engine).
 * @param listen subscribes a callback to a channel; resolves to the unsubscribe function
 */
export async function notifiedVersions(
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>,
): Promise<VersionSource> {
  const notified: Versions = { content: 0, identity: 0 };
  let known: Versions | null = null;
  let first: Promise<Versions> | null = null;
  const unlisten = await listen(VERSIONS_CHANNEL, (payload) => {
    const match = /^(content|identity):(\d+)$/.exec(payload);
    if (!match) return;
    const kind = match[1] as keyof Versions;
    // Notifications of two commits may arrive in either order: versions only grow.
    notified[kind] = Math.max(notified[kind], Number(match[2]));
    if (known) known[kind] = Math.max(known[kind], notified[kind]);
  });
  return {
    current: (ctx) => {
      if (known) return { ...known };
      first ??= readVersions(ctx).then((read) => {
        known = { content: Math.max(read.content, notified.content), identity: Math.max(read.identity, notified.identity) };
        return { ...known };
      }).finally(() => {
        first = null;
      });
      return first;
    },
    close: async () => {
      await unlisten().catch(() => {});
    },
  };
}
