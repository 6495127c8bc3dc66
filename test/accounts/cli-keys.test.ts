/**
 * The CLI additions of issue 11, run as a real process: `users update` (plan, add-ons, admin flag on
 * an existing user, so the README's tenders step works), `keys list` and `keys revoke`.
 * Runs on a temporary DATA_DIR, or on a throwaway PostgreSQL database when TEST_DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createPostgresDatabase } from '../helpers/harness.js';

const run = promisify(execFile);
const BIN = path.resolve('bin/airport-intel.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-intel-cli-keys-'));
let env: NodeJS.ProcessEnv;
let dropPostgres: (() => Promise<void>) | undefined;

before(async () => {
  env = { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: 'cli-test-secret-0123456789-0123456789-abcdef' };
  delete env.DATABASE_URL;
  if (process.env.TEST_DATABASE_URL) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    dropPostgres = created.drop;
    env.DATABASE_URL = created.url;
  }
});
after(async () => {
  await dropPostgres?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cli = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

describe('airport-intel users update, keys list, keys revoke', () => {
  it('adds an add-on, changes the plan and the admin flag of an existing user', async () => {
    assert.equal((await cli('users', 'create', '--email', 'ana@example.test', '--plan', 'professional')).code, 0);
    const wat = await cli('users', 'update', '--email', 'ANA@example.test', '--addon', 'wat');
    assert.equal(wat.code, 0, wat.stderr);
    const user = JSON.parse(wat.stdout);
    assert.deepEqual(user.subscription.addons, ['wat']);
    assert.ok(user.features.includes('wat'));
    const admin = JSON.parse((await cli('users', 'update', '--email', 'ana@example.test', '--admin')).stdout);
    assert.equal(admin.is_admin, true);
    assert.deepEqual(admin.subscription.addons, ['wat'], 'add-ons kept');
    const back = JSON.parse((await cli('users', 'update', '--email', 'ana@example.test', '--no-admin', '--plan', 'enterprise')).stdout);
    assert.equal(back.is_admin, false);
    assert.equal(back.subscription.plan, 'enterprise');
    assert.deepEqual(back.subscription.addons, [], 'enterprise buys no add-ons: they are dropped');
    const bad = await cli('users', 'update', '--email', 'ana@example.test', '--plan', 'core', '--addon', 'mcp', '--addon', 'wat');
    assert.equal(bad.code, 0, bad.stderr);
    const nobody = await cli('users', 'update', '--email', 'nobody@example.test', '--admin');
    assert.equal(nobody.code, 1);
    assert.match(nobody.stderr, /not found/);
    const nothing = await cli('users', 'update', '--email', 'ana@example.test');
    assert.equal(nothing.code, 2);
  });

  it('lists a user\'s keys without the plaintext and revokes one by id', async () => {
    const created = await cli('keys', 'create', '--email', 'ana@example.test', '--label', 'ci');
    assert.equal(created.code, 0, created.stderr);
    const key = created.stdout.trim();
    const listed = await cli('keys', 'list', '--email', 'ana@example.test');
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok(!listed.stdout.includes(key), 'never the plaintext');
    const keys = JSON.parse(listed.stdout) as { id: string; prefix: string; label: string; revoked_at: string | null }[];
    const mine = keys.find((k) => k.prefix === key.slice(0, 16))!;
    assert.equal(mine.label, 'ci');
    assert.equal(mine.revoked_at, null);
    const revoked = await cli('keys', 'revoke', '--id', mine.id);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.equal(JSON.parse(revoked.stdout).id, mine.id);
    const after = JSON.parse((await cli('keys', 'list', '--email', 'ana@example.test')).stdout) as { id: string; revoked_at: string | null }[];
    assert.ok(after.find((k) => k.id === mine.id)!.revoked_at);
    const unknown = await cli('keys', 'revoke', '--id', '00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /not found/);
  });
});
