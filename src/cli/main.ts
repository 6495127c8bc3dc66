/**
 * The `airport-intel` command line (README "Command line", docs/operations.md), parsed by commander:
 *   serve
 *   worker
 *   migrate
 *   media migrate --to s3
  seed sample [--force]
 *   seed synthetic [--articles N] [--projects N] [--tenders N] [--seed S]
 *   search refresh-common-words [--min-articles N]
 *   users create --email E [--name N] [--admin] [--plan trial|core|professional|enterprise] [--addon wat] [--addon mcp]
 *   users update --email E [--plan P] [--addon A]… [--admin|--no-admin]
 *   keys create --email E [--label L]
 *   keys list --email E
 *   keys revoke --id ID
 *   sessions create --email E
 *   jobs list [--status S] [--kind K] [--limit N] | jobs retry --id ID | jobs discard --id ID
 *   backup --out FILE | restore FILE [--force]
 * Every command has `--help` (its flags and an example); `airport-intel --version` prints the version.
 * Results go to stdout (JSON, or the bare key/token); progress and errors to stderr.
 * Exit codes: 0 success, 1 failure, 2 usage error (unknown command or flag, missing or bad value:
 * the message, then the command's help with its flags).
 */
import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { DomainError } from '../domain/errors.js';
import { systemCtx, type Ctx } from '../domain/context.js';
import { PLAN_CODES, type PlanCode } from '../domain/identity/plans.js';
import { JOB_STATES, type JobState } from '../domain/jobs/states.js';
import { systemClock } from '../system-clock.js';
import { resolveSessionSecret } from '../secrets.js';
import { CliFailure, positiveInt, required, say, UsageError, withDatabase } from './runtime.js';

// A command imports what it runs when it runs (as `serve` always did): the modules above are light,
// so `--help`, `--version` and usage errors start without the database driver, the domain and their
// libraries (about 2 s less per start under tsx on a 2-core machine), and a command loads only its own.
const identity = () => import('../domain/identity/index.js');
const jobOperator = () => import('../domain/jobs/operator.js');

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

const print = (value: unknown): void => void process.stdout.write((typeof value === 'string' ? value : JSON.stringify(value, null, 2)) + '\n');
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
const example = (...lines: string[]) => `\nExample:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

/**
 * Runs the common words' refresh (src/domain/articles/common-words.ts) with one progress line per
 * word on stderr and a summary; `min` is the threshold (default: the domain's).
 */
async function refreshCommonWordsWithProgress(db: import('kysely').Kysely<import('../db/types.js').DB>, min: number | undefined): Promise<void> {
  const { refreshCommonWords } = await import('../domain/articles/index.js');
  const started = Date.now();
  const report = await refreshCommonWords(systemCtx(db, systemClock, 'cli'), {
    minArticles: min,
    onWord: (lexeme, change, done, total) => say(`  ${done} / ${total} common words: ${change} ${lexeme}`),
  });
  say(`Common words of the search: ${report.words} (${report.added.length} added, ${report.rebuilt} rebuilt, ${report.dropped.length} dropped), ${report.postings.toLocaleString('en')} postings, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Adds to `parent` a command that takes ONE required option, a user's email address (`--email <E>`)
 * or a record's id (`--id <ID>`, described by `option`), runs ONE domain operation with its value
 * in the system context and prints what it answers as JSON (`keys list`, `keys revoke`, `jobs
 * retry`, `jobs discard`). `run` imports its operation when it runs (see the imports above).
 */
function lookupCommand(parent: Command, name: string, spec: {
  description: string;
  by: 'email' | 'id';
  option?: string;
  example: string;
  run: (ctx: Ctx, value: string) => Promise<unknown>;
}): void {
  parent.command(name)
    .description(spec.description)
    .requiredOption(spec.by === 'email' ? '--email <E>' : '--id <ID>', spec.option ?? 'the user\'s email address')
    .addHelpText('after', example(spec.example))
    .action((v: Record<string, string>) => {
      const value = required(v, spec.by);
      return withDatabase(async (database) => print(await spec.run(systemCtx(database.db, systemClock), value)));
    });
}

/** The command line; `current` is the command whose action runs (its help follows a usage error). */
function program(): { root: Command; current: () => Command } {
  const root = new Command('airport-intel')
    .description('Airport-industry intelligence data service: HTTP API, MCP tools, newsletter worker and admin commands.')
    .version(version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    // Settings every command inherits (set before the commands are added).
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({ outputError: (str, write) => write(`airport-intel: ${str.replace(/^error: /, '')}`) })
    .addHelpText('after', `
Commands and their flags (airport-intel <command> --help shows a command's flags and an example):
  serve | worker | migrate
  media migrate --to s3
  seed sample [--force]
  seed synthetic [--articles N] [--projects N] [--tenders N] [--seed S]
  users create --email E [--name N] [--admin] [--plan ${PLAN_CODES.join('|')}] [--addon wat] [--addon mcp]
  users update --email E [--plan ${PLAN_CODES.join('|')}] [--addon wat] [--addon mcp] [--admin|--no-admin]
  keys create --email E [--label L]
  keys list --email E
  keys revoke --id ID
  sessions create --email E
  jobs list [--status queued|running|failed|done|dead] [--kind K] [--limit N]
  jobs retry --id ID | jobs discard --id ID
  backup --out FILE | restore FILE [--force]

Environment: PORT, HOST, DATABASE_URL, DATA_DIR, SESSION_SECRET, LOG_LEVEL, METRICS_TOKEN, METRICS_PORT,
SMTP_URL, SEND_BUDGET_HOURLY, … (README "Configuration").
Results go to stdout, progress and errors to stderr. Exit codes: 0 success, 1 failure, 2 usage error.
${example('airport-intel serve', 'airport-intel users create --email ana@example.test --plan professional', 'airport-intel keys create --help')}`);
  let current = root;
  root.hook('preAction', (_root, action) => {
    current = action;
  });

  root.command('serve')
    .description('run the HTTP service on HOST:PORT until Ctrl-C: migrate, load the sample data on a first start of the embedded database (PORT, HOST, DATABASE_URL, DATA_DIR, SESSION_SECRET, METRICS_TOKEN, METRICS_PORT)')
    .addHelpText('after', example('PORT=8080 airport-intel serve', 'DATABASE_URL=postgres://localhost/airport METRICS_PORT=9464 airport-intel serve'))
    // Loaded on demand: the HTTP app (Fastify, the faces, the MCP SDK) is not needed by the other commands.
    .action(async () => (await import('./serve.js')).serve());

  root.command('worker')
    .description('run the newsletter outbox worker alone until Ctrl-C (SMTP_URL, SEND_BUDGET_HOURLY, SEND_BUDGET_DAILY, MAIL_MAX_ATTEMPTS; serve runs it in-process unless MAIL_WORKER=off)')
    .addHelpText('after', example('DATABASE_URL=postgres://localhost/airport SMTP_URL=smtp://mail.example.test:587 airport-intel worker'))
    .action(async () => (await import('./worker-command.js')).runWorker());

  root.command('migrate')
    .description('apply the SQL migrations and load the reference data (countries, airports)')
    .addHelpText('after', example('DATABASE_URL=postgres://localhost/airport airport-intel migrate'))
    .action(() =>
      withDatabase(
        async (database) => {
          const { migrate } = await import('../db/migrate.js');
          const applied = await migrate(database);
          say(applied.length ? `Applied ${applied.join(', ')}` : 'Schema is up to date');
        },
        { migrate: false },
      ),
    );

  const seed = root.command('seed').description('load data: the sample editions, or synthetic records for scale tests');
  seed.command('sample')
    .description('load the sample editions and articles (skipped when editions exist, unless --force)')
    .option('--force', 'load the sample even when the database already holds editions')
    .addHelpText('after', example('airport-intel seed sample', 'airport-intel seed sample --force'))
    .action((v: { force?: boolean }) =>
      withDatabase(async (database) => {
        const { loadSample } = await import('../seed/sample.js');
        const report = await loadSample(systemCtx(database.db, systemClock), { force: v.force === true });
        say(report.skipped ? 'The database already holds editions; nothing loaded (use --force to add the sample anyway)' : `Loaded ${report.editions} editions, ${report.articles} articles, ${report.projects} projects, ${report.tenders} tenders, ${report.companies} companies`);
      }),
    );
  seed.command('synthetic')
    .description('generate realistic synthetic articles, projects and tenders (scale tests), with progress on stderr')
    .option('--articles <N>', 'articles to generate')
    .option('--projects <N>', 'projects to generate')
    .option('--tenders <N>', 'tenders to generate')
    .option('--seed <S>', 'random seed (same seed, same records)', '1')
    .addHelpText('after', example('airport-intel seed synthetic --articles 100000 --projects 20000 --tenders 5000 --seed 7'))
    .action((v: Record<string, string | undefined>) => {
      const counts = {
        articles: v.articles === undefined ? 0 : positiveInt(v, 'articles'),
        projects: v.projects === undefined ? 0 : positiveInt(v, 'projects'),
        tenders: v.tenders === undefined ? 0 : positiveInt(v, 'tenders'),
      };
      if (counts.articles + counts.projects + counts.tenders === 0) throw new UsageError('seed synthetic needs --articles N, --projects N and/or --tenders N');
      const seedValue = positiveInt(v, 'seed', 1);
      return withDatabase(async (database) => {
        const started = Date.now();
        const kindStarted: Record<string, { at: number; done: number }> = {};
        const { seedSynthetic, vacuumSeeded } = await import('../seed/synthetic.js');
        const report = await seedSynthetic(database.db, {
          ...counts,
          seed: seedValue,
          onProgress: (done, total, kind) => {
            // Rate and time left of this kind, so a million-row load says how long it will take.
            const since = (kindStarted[kind] ??= { at: Date.now(), done: 0 });
            const seconds = (Date.now() - since.at) / 1000;
            const rate = seconds > 0 ? (done - since.done) / seconds : 0;
            const left = rate > 0 ? ` (${Math.round(rate).toLocaleString('en')}/s, ~${Math.ceil((total - done) / rate)} s left)` : '';
            say(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} ${kind}${left}`);
          },
        });
        say(`Generated ${report.editions} editions, ${report.articles} articles, ${report.projects} projects and ${report.tenders} tenders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        if (report.projects > 0) {
          // The facet counts' deltas, one set per batch, summed now rather than at the next hourly run.
          const { compactProjectFacets } = await import('../domain/projects/index.js');
          const { before, after } = await compactProjectFacets(systemCtx(database.db, systemClock, 'cli'));
          say(`Compacted the project facet counts: ${before.toLocaleString('en')} rows to ${after.toLocaleString('en')}`);
        }
        // Statistics and the visibility map of the new rows before anything reads them (the common words' refresh below).
        say(`Vacuumed and analyzed the tables in ${(await vacuumSeeded(database.db)).toFixed(1)} s`);
        // The common words' postings, now rather than at the worker's next daily refresh.
        if (report.articles > 0) await refreshCommonWordsWithProgress(database.db, undefined);
      }, { longStatements: true });
    });

  root.command('search').description('maintain the archive search').command('refresh-common-words')
    .description('choose the common words again and build or drop their postings (what the daily job search.refresh-common-words does), with progress on stderr')
    .option('--min-articles <N>', 'a word gets postings when this many published articles contain it (default 5000)')
    .addHelpText('after', example('airport-intel search refresh-common-words', 'airport-intel search refresh-common-words --min-articles 2000'))
    .action((v: { minArticles?: string }) => {
      const min = v.minArticles === undefined ? undefined : positiveInt({ 'min-articles': v.minArticles }, 'min-articles');
      return withDatabase((database) => refreshCommonWordsWithProgress(database.db, min), { longStatements: true });
    });

  root.command('media').description('manage the media library\'s storage').command('migrate')
    .description('move image bytes from the database to the object store of MEDIA_STORE=s3, object by object, with progress on stderr (rerun safely)')
    .requiredOption('--to <store>', 'the target store: s3')
    .addHelpText('after', example('MEDIA_STORE=s3 S3_BUCKET=media S3_ENDPOINT=http://127.0.0.1:9000 S3_FORCE_PATH_STYLE=true airport-intel media migrate --to s3'))
    .action((v: { to: string }) => {
      if (v.to !== 's3') throw new UsageError('--to must be s3');
      return withDatabase(async (database, config) => {
        const s3 = config.mediaObjectStore;
        if (!s3) throw new CliFailure('media migrate --to s3 needs MEDIA_STORE=s3 and the S3_* settings (switch the servers to them first: docs/operations.md)');
        const { migrateMediaToObjectStore, s3Client, s3MediaStore } = await import('../domain/media/index.js');
        const started = Date.now();
        let last = 0;
        const report = await migrateMediaToObjectStore(systemCtx(database.db, systemClock), s3MediaStore(s3Client(s3), s3.bucket), (p) => {
          if (Date.now() - last < 1000 && p.done !== p.total) return;
          last = Date.now();
          say(`  ${p.done.toLocaleString('en')} / ${p.total.toLocaleString('en')} objects, ${(p.bytesCopied / 1024 / 1024).toFixed(1)} MB copied`);
        });
        say(`Moved ${report.done} objects to s3://${s3.bucket} (${report.alreadyThere} were already there, ${(report.bytesCopied / 1024 / 1024).toFixed(1)} MB copied) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      });
    });

  const users = root.command('users').description('manage users');
  users.command('create')
    .description('create a user with their own account and subscription; prints the user as JSON')
    .requiredOption('--email <E>', 'the user\'s email address (unique, case-insensitive)')
    .option('--name <N>', 'display name')
    .option('--admin', 'an administrator (every feature, the admin API)')
    .option('--plan <plan>', `subscription plan: ${PLAN_CODES.join('|')}`)
    .option('--addon <addon>', 'add-on: wat or mcp (repeatable)', collect)
    .addHelpText('after', example('airport-intel users create --email ana@example.test --name "Ana Lyst" --plan professional --addon wat --addon mcp'))
    .option('--no-sample-state', 'do not give the user the sample reader state (a saved article, a watched project, one alert rule per subject)')
    .action((v: { email: string; name?: string; admin?: boolean; plan?: string; addon?: string[]; sampleState?: boolean }) => {
      if (v.plan !== undefined && !PLAN_CODES.includes(v.plan as PlanCode)) throw new UsageError(`--plan must be one of ${PLAN_CODES.join(', ')}`);
      const addons = v.addon ?? [];
      const bad = addons.filter((a) => a !== 'wat' && a !== 'mcp');
      if (bad.length) throw new UsageError(`--addon must be wat or mcp (got ${bad.join(', ')})`);
      const email = required(v, 'email');
      return withDatabase(async (database) => {
        const [{ createUser }, { seedReaderState }] = await Promise.all([identity(), import('../seed/reader-state.js')]);
        const ctx = systemCtx(database.db, systemClock);
        const user = await createUser(ctx, { email, name: v.name, admin: v.admin === true, plan: v.plan as PlanCode | undefined, addons });
        // With the sample loaded, the walk-through user starts with a saved article, a watched project and alert rules.
        if (v.sampleState !== false) await seedReaderState(ctx, user.id);
        print(user);
      });
    });

  users.command('update')
    .description('change an existing user: the plan of the account they own, add-ons added to it, the administrator flag; prints the user as JSON')
    .requiredOption('--email <E>', 'the user\'s email address')
    .option('--plan <plan>', `subscription plan: ${PLAN_CODES.join('|')}`)
    .option('--addon <addon>', 'add-on to add: wat or mcp (repeatable)', collect)
    .option('--admin', 'make the user an administrator')
    .option('--no-admin', 'withdraw the administrator flag')
    .addHelpText('after', example('airport-intel users update --email ana@example.test --addon wat', 'airport-intel users update --email ana@example.test --plan enterprise --no-admin'))
    .action((v: { email: string; plan?: string; addon?: string[]; admin?: boolean }, cmd: Command) => {
      if (v.plan !== undefined && !PLAN_CODES.includes(v.plan as PlanCode)) throw new UsageError(`--plan must be one of ${PLAN_CODES.join(', ')}`);
      const addons = v.addon ?? [];
      const bad = addons.filter((a) => a !== 'wat' && a !== 'mcp');
      if (bad.length) throw new UsageError(`--addon must be wat or mcp (got ${bad.join(', ')})`);
      // --admin / --no-admin given: commander's source is 'cli'; neither: the default, left unchanged.
      const admin = cmd.getOptionValueSource('admin') === 'cli' ? v.admin === true : undefined;
      if (v.plan === undefined && addons.length === 0 && admin === undefined) throw new UsageError('users update needs --plan, --addon, --admin or --no-admin');
      const email = required(v, 'email');
      return withDatabase(async (database) => {
        const { updateUser } = await identity();
        print(await updateUser(systemCtx(database.db, systemClock), { email, plan: v.plan as PlanCode | undefined, addons, admin }));
      });
    });

  const keys = root.command('keys').description('manage API keys');
  lookupCommand(keys, 'list', {
    description: 'list a user\'s API keys (revoked ones included) as JSON: id, label, prefix, dates, today\'s usage; never the key',
    by: 'email', example: 'airport-intel keys list --email ana@example.test', run: async (ctx, email) => (await identity()).listApiKeysOfUser(ctx, email),
  });
  lookupCommand(keys, 'revoke', {
    description: 'revoke an API key by its id (from keys list) at once; prints the key\'s id, prefix and revocation time',
    by: 'id', option: 'the key\'s id (a UUID)', example: 'airport-intel keys revoke --id 7d0c6a57-4c1e-4f0e-9a55-2b8f3e1c2d4a', run: async (ctx, id) => (await identity()).revokeApiKeyById(ctx, id),
  });
  keys.command('create')
    .description('mint an API key for a user; prints the key alone on stdout (it is shown only once)')
    .requiredOption('--email <E>', 'the user\'s email address')
    .option('--label <L>', 'a label to recognise the key by')
    .addHelpText('after', example('airport-intel keys create --email ana@example.test --label ci'))
    .action((v: { email: string; label?: string }) => {
      const email = required(v, 'email');
      return withDatabase(async (database) => {
        const { createApiKey } = await identity();
        print((await createApiKey(systemCtx(database.db, systemClock), { email, label: v.label })).key);
      });
    });

  root.command('sessions').description('manage session tokens').command('create')
    .description('open a session for a user; prints the session token alone on stdout')
    .requiredOption('--email <E>', 'the user\'s email address')
    .addHelpText('after', example('airport-intel sessions create --email ana@example.test'))
    .action((v: { email: string }) => {
      const email = required(v, 'email');
      return withDatabase(async (database, config) => {
        const { createSession } = await identity();
        print((await createSession(systemCtx(database.db, systemClock), resolveSessionSecret(config), email)).token);
      });
    });

  const jobs = root.command('jobs').description('inspect and steer the durable jobs (alert matching and delivery, webhooks, feed polls, housekeeping)');
  jobs.command('list')
    .description('list jobs as JSON, newest first: id, kind, status, attempts, run_at, last_error, payload …')
    .option('--status <S>', `only jobs in this state: ${JOB_STATES.join('|')}`)
    .option('--kind <K>', 'only jobs of this kind, e.g. alerts.webhook')
    .option('--limit <N>', 'at most N jobs (1 to 1000)', '50')
    .addHelpText('after', example('airport-intel jobs list --status dead', 'airport-intel jobs list --kind alerts.webhook --limit 10'))
    .action((v: { status?: string; kind?: string; limit: string }) => {
      if (v.status !== undefined && !JOB_STATES.includes(v.status as JobState)) throw new UsageError(`--status must be one of ${JOB_STATES.join(', ')}`);
      const limit = positiveInt(v, 'limit');
      return withDatabase(async (database) => {
        const { listJobs } = await jobOperator();
        print(await listJobs(systemCtx(database.db, systemClock), { status: v.status as JobState | undefined, kind: v.kind, limit }));
      });
    });
  lookupCommand(jobs, 'retry', {
    description: 'run a dead or failed job again as soon as a worker is free (its attempts start over); prints the job',
    by: 'id', option: 'the job\'s id (from jobs list)', example: 'airport-intel jobs retry --id 7d0c6a57-4c1e-4f0e-9a55-2b8f3e1c2d4a', run: async (ctx, id) => (await jobOperator()).retryJob(ctx, id),
  });
  lookupCommand(jobs, 'discard', {
    description: 'delete a job that is not running, so that it never runs; prints the job as it was',
    by: 'id', option: 'the job\'s id (from jobs list)', example: 'airport-intel jobs discard --id 7d0c6a57-4c1e-4f0e-9a55-2b8f3e1c2d4a', run: async (ctx, id) => (await jobOperator()).discardJob(ctx, id),
  });

  root.command('backup')
    .description('write a backup of the embedded database and DATA_DIR/session-secret to FILE (a gzipped tar); refuses while a server holds DATA_DIR, and on PostgreSQL (use pg_dump: docs/operations.md)')
    .requiredOption('--out <FILE>', 'the file to write (replaced atomically, mode 0600)')
    .addHelpText('after', example('airport-intel backup --out backups/airport-intel-$(date +%F).tar.gz'))
    .action(async (v: { out: string }) => {
      const out = required(v, 'out');
      const manifest = await (await import('./backup.js')).backup(out);
      say(`Backed up the embedded database (schema ${manifest.migrations.at(-1) ?? 'empty'})${manifest.sessionSecret ? ' and the session secret' : ''} to ${out}`);
    });
  root.command('restore')
    .description('restore a backup FILE into DATA_DIR (an empty data folder, or --force to move the current database aside); the server must be stopped')
    .argument('<FILE>', 'a file written by airport-intel backup')
    .option('--force', 'move an existing database (and session secret) aside as …before-restore-<time> instead of refusing')
    .addHelpText('after', example('DATA_DIR=/srv/airport-intel airport-intel restore backups/airport-intel-2026-11-26.tar.gz'))
    .action(async (file: string, v: { force?: boolean }) => {
      const manifest = await (await import('./backup.js')).restore(file, v.force === true);
      say(`Restored the backup of ${manifest.createdAt} (version ${manifest.serviceVersion}); start the server to apply newer migrations`);
    });

  return { root, current: () => current };
}

const cli = program();
const argv = process.argv.slice(2);
try {
  // Without a command: the overview on stdout, success (as `airport-intel help`).
  if (argv.length === 0) cli.root.outputHelp();
  else await cli.root.parseAsync(argv, { from: 'user' });
} catch (err) {
  if (err instanceof CommanderError) process.exit(err.exitCode === 0 ? 0 : 2); // commander printed the message and help
  if (err instanceof UsageError) {
    process.stderr.write(`airport-intel: ${err.message}\n\n`);
    cli.current().outputHelp({ error: true });
    process.exit(2);
  }
  // Loaded here, not up front (see above): a command that failed with one of these has loaded them already.
  const [{ ConfigError }, { DatabaseInUseError }] = await Promise.all([import('../config.js'), import('../db/client.js')]);
  if (err instanceof DomainError || err instanceof DatabaseInUseError || err instanceof ConfigError || err instanceof CliFailure) {
    process.stderr.write(`airport-intel: ${err.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`airport-intel: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
}
