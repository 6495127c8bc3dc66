/**
 * `npm run build:web`: generates the web app's client types from the live description
 * (scripts/generate-client.ts --web) and builds web/dist with Vite.
 * `--if-stale` (`npm start`'s prestart): builds only when web/dist is missing or older than its
 * sources, without regenerating the types (the bundle does not need them), and says nothing otherwise.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildWeb, webBuildNeeded } from './web-build.js';

if (process.argv.includes('--if-stale')) {
  const reason = webBuildNeeded();
  if (reason) {
    console.log(`Building the web app (${reason})…`);
    await buildWeb({ quiet: true });
  }
} else {
  const gen = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'generate-client.ts'), '--web'], { stdio: 'inherit' });
  if (gen.status !== 0) process.exit(gen.status ?? 1);
  await buildWeb();
}
