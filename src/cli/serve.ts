/**
 * `airport-intel serve`: migrates, loads the sample data on a first start of the embedded
 * database, and serves HTTP on HOST:PORT until SIGINT/SIGTERM.
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, targetFromConfig } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { resolveSessionSecret } from '../secrets.js';
import { systemCtx } from '../domain/context.js';
import { systemClock } from '../system-clock.js';
import { loadSample } from '../seed/sample.js';
import { metricsServer } from '../http/metrics.js';
import { listenFailure } from './runtime.js';
import { startMailWorker } from './worker.js';

export async function serve(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(targetFromConfig(config));
  const app = await buildApp({
    database,
    sessionSecret: resolveSessionSecret(config),
    publicBaseUrl: config.mail.publicBaseUrl,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    outboundAllowedHosts: config.outboundAllowedHosts,
    mcpAllowedHosts: config.mcp.allowedHosts,
    mcpAllowedOrigins: config.mcp.allowedOrigins,
    sendBudget: { hourly: config.mail.budgetHourly, daily: config.mail.budgetDaily },
    http: config.http,
    media: config.media,
    payments: config.payments,
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    metrics: config.metrics.token || config.metrics.port
      ? { token: config.metrics.token, separatePort: config.metrics.port !== undefined, sendBudget: { hourly: config.mail.budgetHourly, daily: config.mail.budgetDaily } }
      : undefined,
  });
  // METRICS_PORT: /metrics on a listener of its own (src/http/metrics.ts).
  const metricsListener = config.metrics.port !== undefined && app.metrics ? metricsServer(app.metrics) : undefined;
  try {
    const applied = await migrate(database);
    if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
    if (database.kind === 'pglite') {
      const seeded = await loadSample(systemCtx(database.db, systemClock));
      if (!seeded.skipped) app.log.info(seeded, 'empty embedded database: sample data loaded');
    }
    if (!config.databaseUrl && !config.sessionSecret) app.log.info('session tokens are signed with the secret kept in DATA_DIR/session-secret');
    await app.listen({ port: config.port, host: config.host }).catch((err: unknown) => {
      throw listenFailure(err, config.host, config.port, 'PORT');
    });
    await metricsListener?.listen({ port: config.metrics.port, host: config.host }).catch((err: unknown) => {
      throw listenFailure(err, config.host, config.metrics.port!, 'METRICS_PORT');
    });
  } catch (err) {
    await metricsListener?.close();
    await app.close();
    await database.close();
    throw err;
  }
  // The newsletter outbox worker runs in-process unless MAIL_WORKER=off (src/cli/worker.ts).
  const mailWorker = config.mail.workerInServe ? startMailWorker(database, config, app.log) : undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await mailWorker?.stop();
    await metricsListener?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
