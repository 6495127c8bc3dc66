/**
 * How `serve` and `worker` log (docs/operations.md): JSON lines (pino) by default, human-readable
 * lines (pino-pretty, in the same process: nothing is lost when the process exits) on a terminal or
 * with `LOG_FORMAT=pretty`; `LOG_FORMAT=json` keeps JSON on a terminal too. And the first lines of a
 * start: where everything is.
 */
import pretty from 'pino-pretty';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** Headers never written to a log. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie'];

/** Whether `format` (LOG_FORMAT) means pretty lines, given whether stdout is a terminal. */
export const prettyLogs = (format: Config['logFormat'], tty: boolean): boolean => format === 'pretty' || (format === 'auto' && tty);

/**
 * The pino options of a process logging at `level` in `format`.
 * @param tty whether stdout is a terminal (`process.stdout.isTTY`)
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>, tty = Boolean(process.stdout.isTTY)): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  if (!prettyLogs(config.logFormat, tty)) return { level: config.logLevel, redact: REDACT };
  return {
    level: config.logLevel,
    redact: REDACT,
    stream: pretty({ sync: true, colorize: tty, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true }),
  };
}

/** `postgres://user:secret@host:5432/db` without its password. */
const withoutPassword = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/**
 * Where everything is, for the first line of `serve`: the web app, the API reference, the data,
 * where mail goes and the health probes. `fields` for JSON logs; `text` for a person.
 */
export function startBanner(config: Config, version: string): { fields: Record<string, string>; text: string } {
  const base = config.mail.publicBaseUrl;
  const fields = {
    web_app: `${base}/`,
    api_docs: `${base}/docs`,
    openapi: `${base}/openapi.json`,
    data: config.databaseUrl ? `PostgreSQL ${withoutPassword(config.databaseUrl)}` : `${config.dataDir} (embedded database)`,
    mail: config.mail.smtpUrl ? `SMTP ${withoutPassword(config.mail.smtpUrl)}` : `${config.dataDir}/outbox (.eml files; set SMTP_URL to send)`,
    worker: config.mail.workerInServe ? 'in this process' : 'off here (MAIL_WORKER=off: run `airport-intel worker`)',
    health: `${base}/livez, ${base}/readyz`,
  };
  const text = [
    `airport-intel ${version} is starting on ${config.host}:${config.port}`,
    `  web app    ${fields.web_app}`,
    `  API docs   ${fields.api_docs}  (OpenAPI: ${fields.openapi})`,
    `  data       ${fields.data}`,
    `  mail       ${fields.mail}`,
    `  worker     ${fields.worker}`,
    `  health     ${fields.health}`,
  ].join('\n');
  return { fields, text };
}
