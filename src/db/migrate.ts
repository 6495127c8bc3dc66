/**
 * Applies the SQL migrations in `src/db/migrations/NNNN_name.sql`, in order, each in its own
 * transaction, and records them in `schema_migrations`. Safe to run from several processes at once
 * (PostgreSQL advisory lock). Then makes sure the reference data (countries, airports) is loaded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';
import { loadReferenceData } from './reference.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK_KEY = 72_640_001;

/** The migration files, sorted by name. */
export function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/**
 * Brings the schema up to date and loads reference data.
 * @returns the names of the migrations applied by this call (empty when already current).
 * @throws the database error of a failing migration; that migration is rolled back whole.
 */
export async function migrate(database: Database): Promise<string[]> {
  const applied = await database.withExclusiveSession(MIGRATION_LOCK_KEY, async (session) => {
    await session.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await session.rows<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const now: string[] = [];
    for (const file of migrationFiles()) {
      if (done.has(file)) continue;
      const script = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      try {
        await session.exec(`begin;\n${script}\n;insert into schema_migrations (name) values ('${file}');\ncommit;`);
      } catch (err) {
        await session.exec('rollback').catch(() => {});
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      now.push(file);
    }
    return now;
  });
  await loadReferenceData(database.db);
  return applied;
}
