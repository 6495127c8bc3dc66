/**
 * Building the web app (web/ → web/dist) with Vite, and knowing when a build is needed: missing, or
 * older than any of its sources (web/src, web/index.html, web/vite.config.ts, package-lock.json).
 * Used by `npm run build:web`, `npm start` (prestart) and the test runner before the browser tests.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** The web app's folder and its build. */
export const WEB_DIR = path.join(root, 'web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');

/** The newest modification time (ms) of a file or of the files under a folder. */
function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

/** Why a build is needed (a sentence), or null when web/dist is current. */
export function webBuildNeeded(): string | null {
  const index = path.join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return 'web/dist is missing';
  const built = statSync(index).mtimeMs;
  const sources = [path.join(WEB_DIR, 'src'), path.join(WEB_DIR, 'index.html'), path.join(WEB_DIR, 'vite.config.ts'), path.join(root, 'package-lock.json')];
  return sources.some((s) => newest(s) > built) ? 'web/dist is older than its sources' : null;
}

/** Builds web/dist (production mode); `quiet` prints warnings only. */
export async function buildWeb(options: { quiet?: boolean } = {}): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(WEB_DIR, 'vite.config.ts'), mode: 'production', logLevel: options.quiet ? 'warn' : 'info' });
}
