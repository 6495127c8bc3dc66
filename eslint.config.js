// ESLint: the module boundaries of the codebase and unawaited or misused promises, nothing else (no style
// rules): `npm run lint`, zero warnings, in CI. The boundaries (src/domain/README.md, src/http/README.md):
// - src/domain imports neither Fastify nor the faces (src/http, src/mcp, src/cli);
// - src/http and src/mcp import no database values (`import type` of src/db/types is fine): they
//   reach the database only through domain operations;
// - the two editions (src/http/v1, src/http/api-v1) never import each other.
import tseslint from 'typescript-eslint';

/** A pattern group of `no-restricted-imports`. */
const group = (regex, message, allowTypeImports = false) => ({ regex, message, ...(allowTypeImports ? { allowTypeImports } : {}) });

const FACES = group('(^|/)(http|mcp|cli)/', 'The domain never imports a face (src/http, src/mcp, src/cli): faces call the domain, not the other way round.');
const FASTIFY = group('^(fastify|@fastify/.*)$', 'The domain never imports Fastify: it knows no HTTP (throw a DomainError code instead).');
const DB_VALUES = group('(^|/)db/(?!types\\.js$)', 'Faces import no database values: call a ctx-first domain operation (import type { DB } is fine).', true);
const DB_DRIVERS = group('^(kysely|pg|@electric-sql/.*)$', 'Faces run no SQL: call a ctx-first domain operation (types only).', true);
const DB_TYPES_VALUE = group('(^|/)db/types\\.js$', 'Only types may be imported from src/db/types.', true);
const API_V1 = group('(^|/)api-v1/', 'The /v1 edition does not import the /api/v1 edition: shared pieces live in src/http/ (schema.ts, records/).');
const V1 = group('(^|/)(?<!api-)v1/', 'The /api/v1 edition does not import the /v1 edition: shared pieces live in src/http/ (schema.ts, records/).');

const restrict = (...patterns) => ['error', { patterns }];

/** Faces hand the database to nobody: only `ctxOf` (src/http/types.ts) reads `app.db` to build a ctx. */
const NO_RAW_DB = ['error',
  { selector: "MemberExpression[property.name='db'][object.name=/^(app|fastify|server|instance)$/]", message: 'Pass ctxOf(req) to a domain operation, not the database.' },
  { selector: "MemberExpression[property.name='db'][object.property.name='server']", message: 'Pass ctxOf(req) to a domain operation, not the database.' },
  { selector: "MemberExpression[property.name='db'][object.name='ctx']", message: 'A face does not reach into ctx.db: call a domain operation with ctx.' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'src/db/types.ts', 'examples/typed-client/schema.d.ts', 'web/dist/**', 'web/src/lib/api/schema.d.ts', '**/*.js', '**/*.mjs'] },
  {
    files: ['**/*.ts', 'web/**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] }],
      }],
      // A promise where a boolean or a void callback is expected (`if (p)`, `forEach(async …)`);
      // Fastify's async hooks, handlers and error handlers are typed to return promises: not flagged.
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  { files: ['src/domain/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': restrict(FACES, FASTIFY) } },
  { files: ['src/http/**/*.ts', 'src/mcp/**/*.ts'], ignores: ['src/http/types.ts'], rules: { 'no-restricted-syntax': NO_RAW_DB } },
  { files: ['src/mcp/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': restrict(DB_VALUES, DB_DRIVERS, DB_TYPES_VALUE) } },
  { files: ['src/http/**/*.ts'], ignores: ['src/http/v1/**', 'src/http/api-v1/**'], rules: { '@typescript-eslint/no-restricted-imports': restrict(DB_VALUES, DB_DRIVERS, DB_TYPES_VALUE) } },
  { files: ['src/http/v1/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': restrict(DB_VALUES, DB_DRIVERS, DB_TYPES_VALUE, API_V1) } },
  { files: ['src/http/api-v1/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': restrict(DB_VALUES, DB_DRIVERS, DB_TYPES_VALUE, V1) } },
);
