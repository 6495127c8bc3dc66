/**
 * The session-signing secret: `SESSION_SECRET` when set; otherwise generated once (48 random
 * bytes, base64url) and kept in `DATA_DIR/session-secret` (mode 0600) so that sessions survive restarts.
 * Several server processes over one PostgreSQL must share it: set SESSION_SECRET there.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

/** Returns the secret, creating `DATA_DIR/session-secret` on first use. */
export function resolveSessionSecret(config: Pick<Config, 'sessionSecret' | 'dataDir'>): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim(); // lost a race
    throw err;
  }
}
