/**
 * `airport-intel serve`: migrates, loads the sample data on a first start of the embedded
 * database, and serves HTTP on HOST:PORT until SIGINT/SIGTERM, then stops gracefully within
 * SHUTDOWN_TIMEOUT_MS (src/cli/shutdown.ts); a second signal exits at once.
 */
import { createRequire } from 'node:module';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { resolveSessionSecret } from '../secrets.js';
import { systemCtx } from '../domain/context.js';
import { systemClock } from '../system-clock.js';
import { loadSample } from '../seed/sample.js';
import { metricsServer } from '../http/metrics.js';
import { listenFailure, openConfiguredDatabase } from './runtime.js';
import { gracefulShutdown, spareResponsesInFlight } from './shutdown.js';
import { loggerOptions, prettyLogs, startBanner } from './logging.js';
import { startMailWorker, workerState } from './worker.js';
import type { RunningWorker } from '../domain/newsletter/index.js';
import { warmFacetIndex, warmProjectIndex } from '../domain/projects/index.js';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

export async function serve(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  let mailWorker: RunningWorker | undefined;
  let closing = false;
  const app = await buildApp({
    // GET /readyz: 503 while shutting down or once the in-process worker stopped.
    readiness: { worker: () => (config.mail.workerInServe ? workerState(mailWorker) : 'off'), closing: () => closing },
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
    webApp: { https: config.mail.publicBaseUrl.startsWith('https:') },
    logger: loggerOptions(config),
    metrics: config.metrics.token || config.metrics.port
      ? { token: config.metrics.token, separatePort: config.metrics.port !== undefined, sendBudget: { hourly: config.mail.budgetHourly, daily: config.mail.budgetDaily } }
      : undefined,
  });
  // METRICS_PORT: /metrics on a listener of its own (src/http/metrics.ts).
  const metricsListener = config.metrics.port !== undefined && app.metrics ? metricsServer(app.metrics) : undefined;
  spareResponsesInFlight(app.server);
  // First, where everything is (a person reading a terminal; the same facts as fields in JSON).
  const banner = startBanner(config, version);
  if (prettyLogs(config.logFormat, Boolean(process.stdout.isTTY))) app.log.info(banner.text);
  else app.log.info(banner.fields, 'airport-intel starting');
  for (const warning of config.warnings) app.log.warn(warning);
  try {
    const applied = await migrate(database);
    if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
    if (database.kind === 'pglite') {
      const seeded = await loadSample(systemCtx(database.db, systemClock));
      if (!seeded.skipped) app.log.info(seeded, 'empty embedded database: sample data loaded');
    }
    if (!config.databaseUrl && !config.sessionSecret) app.log.info('session tokens are signed with the secret kept in DATA_DIR/session-secret');
    // The worker (outbox and jobs) runs in-process unless MAIL_WORKER=off (src/cli/worker.ts).
    if (config.mail.workerInServe) mailWorker = startMailWorker(database, config, app.log);
    await app.listen({ port: config.port, host: config.host }).catch((err: unknown) => {
      throw listenFailure(err, config.host, config.port, 'PORT');
    });
    await metricsListener?.listen({ port: config.metrics.port, host: config.host }).catch((err: unknown) => {
      throw listenFailure(err, config.host, config.metrics.port!, 'METRICS_PORT');
    });
    // The project facet index (decision 0062), its list orders (decision 0063) and the postings of
    // its common words (decision 0064) load in the background, so that the first filtered facet
    // request does not wait for the index, nor the first filtered list of a sort or text query go
    // to SQL while they load.
    const started = Date.now();
    warmFacetIndex(database.db)
      .then((state) => {
        app.log.info({ projects: state.baseRows, took_ms: Date.now() - started }, 'project facet index loaded');
        return warmProjectIndex(database.db);
      })
      .then(
        (state) => app.log.info({ list_orders: state.listOrders, common_words: state.commonWords, companies: state.companies, took_ms: Date.now() - started }, 'project list orders loaded'),
        (err: unknown) => { if (!closing) app.log.warn({ err }, 'project facet index not loaded: the first filtered request loads it'); },
      );
  } catch (err) {
    await mailWorker?.stop();
    await metricsListener?.close();
    await app.close();
    await database.close();
    throw err;
  }
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal, timeout_ms: config.shutdownTimeoutMs }, 'shutting down: no new requests; finishing those in flight');
    const report = await gracefulShutdown({ app, worker: mailWorker, metricsListener, database, timeoutMs: config.shutdownTimeoutMs });
    const late = report.cutConnections > 0 || report.workerLate;
    app.log[late ? 'warn' : 'info']({ took_ms: report.tookMs, cut_connections: report.cutConnections, worker_late: report.workerLate }, 'shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
