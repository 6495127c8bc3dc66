// ESLint: the module boundaries of the codebase and unawaited or misused promises, nothing else (no style
// rules): `npm run lint`, zero warnings, in CI. The boundaries (src/domain/README.md, src/http/README.md):
// - src/domain imports neither Fastify nor the faces (src/http, src/mcp, src/cli);
// - src/http and src/mcp import no database values (`import type` of src/db/types is fine): they
//   reach the database only through domain operations;
// - the two editions (src/http/v1, src/http/api-v1) never import each other;
// - no import cycle in src (import-x/no-cycle); inside the domain another entity only through its
//   index.ts, and a repository is a leaf (test/lint-boundaries.test.ts proves each rule fires).
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** A pattern group of `no-restricted-imports`. */
const group = (regex, message, allowTypeImports = false) => ({ regex, message, ...(allowTypeImports ? { allowTypeImports } : {}) });

const FACES = group('(^|/)(http|mcp|cli)/', 'The domain never imports a face (src/http, src/mcp, src/cli): faces call the domain, not the other way round.');
const FASTIFY = group('^(fastify|@fastify/.*)$', 'The domain never imports Fastify: it knows no HTTP (throw a DomainError code instead).');
const DB_VALUES = group('(^|/)db/(?!types\\.js$)', 'Faces import no database values: call a ctx-first domain operation (import type { DB } is fine).', true);
const DB_DRIVERS = group('^(kysely|pg|@electric-sql/.*)$', 'Faces run no SQL: call a ctx-first domain operation (types only).', true);
const DB_TYPES_VALUE = group('(^|/)db/types\\.js$', 'Only types may be imported from src/db/types.', true);
const API_V1 = group('(^|/)api-v1/', 'The /v1 edition does not import the /api/v1 edition: shared pieces live in src/http/ (schema.ts, records/).');
const V1 = group('(^|/)(?<!api-)v1/', 'The /api/v1 edition does not import the /v1 edition: shared pieces live in src/http/ (schema.ts, records/).');

// Inside the domain, another entity is reached only through its index.ts (what it chose to show);
// the shared folders (shared/: schema and SQL building blocks, sql/: SQL of no single entity) and
// the admin write path (admin/, audit/) are open to every entity.
const DEEP_ENTITY = group('^\\.\\./(?!shared/|sql/|admin/|audit/)[a-z-]+/(?!index\\.js$)[^/]+$', 'Another entity only through its index.ts: import from \'../<entity>/index.js\' (export what you need there).');
const DEEP_FROM_ROOT = group('^\\./(?!shared/|sql/|admin/|audit/)[a-z-]+/(?!index\\.js$)[^/]+$', 'A module of the domain root reaches an entity only through its index.ts.');
// A repository is a leaf: the database, the shared folders and its own entity's files, nothing else.
const REPOSITORY_LEAF = group('^\\.\\./(?!shared/|sql/)[a-z-]+/', 'A repository is a leaf (src/domain/README.md): it imports db/, sql/, shared/ and its own entity only; move what needs another entity into an operation.');

const restrict = (...patterns) => ['error', { patterns }];

/** The domain's folders, and the fixtures that prove the rules fire (test/lint-boundaries.test.ts). */
const DOMAIN = ['src/domain', 'test/fixtures/lint-boundaries/src/domain'];

/** Faces hand the database to nobody: only `ctxOf` (src/http/types.ts) reads `app.db` to build a ctx. */
const NO_RAW_DB = ['error',
  { selector: "MemberExpression[property.name='db'][object.name=/^(app|fastify|server|instance)$/]", message: 'Pass ctxOf(req) to a domain operation, not the database.' },
  { selector: "MemberExpression[property.name='db'][object.property.name='server']", message: 'Pass ctxOf(req) to a domain operation, not the database.' },
  { selector: "MemberExpression[property.name='db'][object.name='ctx']", message: 'A face does not reach into ctx.db: call a domain operation with ctx.' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'src/db/types.ts', 'examples/typed-client/schema.d.ts', '**/*.js', '**/*.mjs', 'test/fixtures/lint-boundaries/**', 'web/dist/**', 'web/src/lib/api/schema.d.ts'] },
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
  // No import cycle anywhere in src: a cycle is how a leaf stops being one (type-only imports are
  // not followed: they vanish at run time).
  {
    files: ['src/**/*.ts', 'test/fixtures/lint-boundaries/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json` })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: DOMAIN.map((d) => `${d}/*.ts`), rules: { '@typescript-eslint/no-restricted-imports': restrict(FACES, FASTIFY, DEEP_FROM_ROOT) } },
  { files: DOMAIN.map((d) => `${d}/*/**/*.ts`), rules: { '@typescript-eslint/no-restricted-imports': restrict(FACES, FASTIFY, DEEP_ENTITY) } },
  { files: DOMAIN.flatMap((d) => [`${d}/*/repository.ts`, `${d}/*/*-repository.ts`]), rules: { '@typescript-eslint/no-restricted-imports': restrict(FACES, FASTIFY, DEEP_ENTITY, REPOSITORY_LEAF) } },
  { files: ['src/http/**/*.ts', 'src/mcp/**/*.ts'], ignores: ['src/http/types.ts'], rules: { 'no-restricted-syntax': NO_RAW_DB } },
  { files: ['src/mcp/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': restrict(DB_VALUES, DB_DRIVERS, DB_TYPES_VALUE) } },
  { files: ['src/http/**/*.ts'], ignores: ['src/http/v1/**', 'src/http/api-v1/**'], rules: { '@typescript-eslint/no-restricted-imports': restrict(DB_VALUES, DB_DRIVERS, DB_TYPES_VALUE) } },
  { files: ['src/http/v1/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': restrict(DB_VALUES, DB_DRIVERS, DB_TYPES_VALUE, API_V1) } },
  { files: ['src/http/api-v1/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': restrict(DB_VALUES, DB_DRIVERS, DB_TYPES_VALUE, V1) } },
);
