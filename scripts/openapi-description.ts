/**
 * The live OpenAPI description as a file: builds the app in-process on an empty in-memory
 * database (no port, no network) and writes `app.swagger()`, exactly what `/openapi.json` serves.
 * Used by `npm run lint:openapi` and `npm run check:client`.
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';

/** Writes the description (pretty JSON) to `file`. */
export async function writeDescription(file: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite-memory' });
  const app = await buildApp({ database, sessionSecret: 'openapi-description-'.padEnd(40, 'x'), logger: false });
  try {
    await app.ready();
    writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
  } finally {
    await app.close();
    await database.close();
  }
}
