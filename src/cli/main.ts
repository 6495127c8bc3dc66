/**
 * The `airport-intel` command line (docs/cli.md):
 *   serve
 *   worker
 *   migrate
 *   seed sample [--force]
 *   seed synthetic [--articles N] [--projects N] [--tenders N] [--seed S]
 *   users create --email E [--name N] [--admin] [--plan trial|core|professional|enterprise] [--addon wat] [--addon mcp]
 *   keys create --email E [--label L]
 *   sessions create --email E
 * Results go to stdout (JSON, or the bare key/token); progress and errors to stderr.
 * Exit codes: 0 success, 1 failure, 2 usage error.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from '../config.js';
import { DatabaseInUseError } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { DomainError } from '../domain/errors.js';
import { systemCtx } from '../domain/context.js';
import { systemClock } from '../system-clock.js';
import { createApiKey, createSession, createUser, PLAN_CODES, type PlanCode } from '../domain/identity/index.js';
import { resolveSessionSecret } from '../secrets.js';
import { positiveInt, required, say, UsageError, withDatabase } from './runtime.js';

const USAGE = `Usage: airport-intel <command>

  serve                                   run the HTTP service (PORT, HOST, DATABASE_URL, DATA_DIR, SESSION_SECRET)
  worker                                  run the newsletter outbox worker alone (SMTP_URL, SEND_BUDGET_HOURLY, …)
  migrate                                 apply database migrations
  seed sample [--force]                   load the sample editions and articles
  seed synthetic [--articles N] [--projects N] [--tenders N] [--seed S]
                                          generate realistic synthetic records (scale tests)
  users create --email E [--name N] [--admin] [--plan trial|core|professional|enterprise] [--addon wat] [--addon mcp]
  keys create --email E [--label L]       print a new API key
  sessions create --email E               print a new session token
`;

type Options = NonNullable<ParseArgsConfig['options']>;

function parse(args: string[], options: Options) {
  try {
    return parseArgs({ args, options, allowPositionals: false, strict: true }).values as Record<string, unknown>;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

const print = (value: unknown): void => void process.stdout.write((typeof value === 'string' ? value : JSON.stringify(value, null, 2)) + '\n');

async function run(argv: string[]): Promise<void> {
  const [command, sub, ...rest] = argv;
  const key = sub && !sub.startsWith('-') ? `${command} ${sub}` : command;
  const args = sub && !sub.startsWith('-') ? rest : argv.slice(1);

  switch (key) {
    case 'serve':
      parse(args, {});
      // Loaded on demand: the HTTP app (Fastify, the faces, the MCP SDK) is not needed by the other commands.
      return (await import('./serve.js')).serve();
    case 'worker':
      parse(args, {});
      return (await import('./worker-command.js')).runWorker();
    case 'migrate':
      parse(args, {});
      return withDatabase(
        async (database) => {
          const applied = await migrate(database);
          say(applied.length ? `Applied ${applied.join(', ')}` : 'Schema is up to date');
        },
        { migrate: false },
      );
    case 'seed sample': {
      const v = parse(args, { force: { type: 'boolean' } });
      return withDatabase(async (database) => {
        const { loadSample } = await import('../seed/sample.js');
        const report = await loadSample(systemCtx(database.db, systemClock), { force: v.force === true });
        say(report.skipped ? 'The database already holds editions; nothing loaded (use --force to add the sample anyway)' : `Loaded ${report.editions} editions, ${report.articles} articles, ${report.projects} projects, ${report.tenders} tenders, ${report.companies} companies`);
      });
    }
    case 'seed synthetic': {
      const v = parse(args, { articles: { type: 'string' }, projects: { type: 'string' }, tenders: { type: 'string' }, seed: { type: 'string' } });
      const counts = {
        articles: v.articles === undefined ? 0 : positiveInt(v, 'articles'),
        projects: v.projects === undefined ? 0 : positiveInt(v, 'projects'),
        tenders: v.tenders === undefined ? 0 : positiveInt(v, 'tenders'),
      };
      if (counts.articles + counts.projects + counts.tenders === 0) throw new UsageError('seed synthetic needs --articles N, --projects N and/or --tenders N');
      const seed = positiveInt(v, 'seed', 1);
      return withDatabase(async (database) => {
        const started = Date.now();
        const { seedSynthetic } = await import('../seed/synthetic.js');
        const report = await seedSynthetic(database.db, {
          ...counts,
          seed,
          onProgress: (done, total, kind) => say(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} ${kind}`),
        });
        say(`Generated ${report.editions} editions, ${report.articles} articles, ${report.projects} projects and ${report.tenders} tenders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      });
    }
    case 'users create': {
      const v = parse(args, {
        email: { type: 'string' },
        name: { type: 'string' },
        admin: { type: 'boolean' },
        plan: { type: 'string' },
        addon: { type: 'string', multiple: true },
      });
      const plan = v.plan as string | undefined;
      if (plan !== undefined && !PLAN_CODES.includes(plan as PlanCode)) throw new UsageError(`--plan must be one of ${PLAN_CODES.join(', ')}`);
      const addons = (v.addon as string[] | undefined) ?? [];
      const bad = addons.filter((a) => a !== 'wat' && a !== 'mcp');
      if (bad.length) throw new UsageError(`--addon must be wat or mcp (got ${bad.join(', ')})`);
      return withDatabase(async (database) =>
        print(await createUser(systemCtx(database.db, systemClock), { email: required(v, 'email'), name: v.name as string | undefined, admin: v.admin === true, plan: plan as PlanCode | undefined, addons })),
      );
    }
    case 'keys create': {
      const v = parse(args, { email: { type: 'string' }, label: { type: 'string' } });
      return withDatabase(async (database) => {
        const created = await createApiKey(systemCtx(database.db, systemClock), { email: required(v, 'email'), label: v.label as string | undefined });
        print(created.key);
      });
    }
    case 'sessions create': {
      const v = parse(args, { email: { type: 'string' } });
      return withDatabase(async (database, config) => {
        const session = await createSession(systemCtx(database.db, systemClock), resolveSessionSecret(config), required(v, 'email'));
        print(session.token);
      });
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      print(USAGE.trimEnd());
      return;
    default:
      throw new UsageError(`Unknown command "${argv.join(' ')}"`);
  }
}

try {
  await run(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError) {
    process.stderr.write(`airport-intel: ${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (err instanceof DomainError || err instanceof DatabaseInUseError || err instanceof ConfigError) {
    process.stderr.write(`airport-intel: ${err.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`airport-intel: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
}
