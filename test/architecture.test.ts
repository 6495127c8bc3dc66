/**
 * The shape the codebase promises (src/http/README.md, docs/decisions/0007-faces-translate-only.md),
 * checked on the source: every route handler of the faces is at most five lines (read the input,
 * call one domain operation, present), and each has a literal, edition-prefixed operationId; and the
 * SQL rule of the domain (src/domain/README.md). The module boundaries are ESLint's (`npm run lint`).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { TABLE_OWNER, tablesOf } from './helpers/sql-tables.js';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Handlers that are protocol plumbing, not translation (the MCP transport); none in the editions. */
const PLUMBING = new Set<string>();
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'route']);
const MAX_LINES = 5;

function routeFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return walk(path.join(ROOT, 'src/http')).filter((f) => f.endsWith('.ts'));
}

interface Handler { file: string; line: number; lines: number; operationId: string | undefined }

/** Every `x.get(path, options, handler)` / `x.route({ …, handler })` of `file`. */
function handlersOf(file: string): Handler[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const found: Handler[] = [];
  const operationIdIn = (node: ts.Node | undefined): string | undefined => {
    let id: string | undefined;
    const visit = (n: ts.Node) => {
      if (ts.isPropertyAssignment(n) && n.name.getText(source) === 'operationId' && ts.isStringLiteral(n.initializer)) id = n.initializer.text;
      ts.forEachChild(n, visit);
    };
    if (node) visit(node);
    return id;
  };
  const bodyLines = (fn: ts.ArrowFunction | ts.FunctionExpression): number => {
    const body = fn.body;
    if (ts.isBlock(body)) return lineOf(body.getEnd()) - lineOf(body.getStart(source)) - 1;
    return lineOf(body.getEnd()) - lineOf(body.getStart(source)) + 1;
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && METHODS.has(node.expression.name.text)) {
      const args = node.arguments;
      const last = args[args.length - 1];
      if (node.expression.name.text === 'route' && last && ts.isObjectLiteralExpression(last)) {
        const handler = last.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === 'handler');
        if (handler && (ts.isArrowFunction(handler.initializer) || ts.isFunctionExpression(handler.initializer))) {
          found.push({ file, line: lineOf(node.getStart(source)) + 1, lines: bodyLines(handler.initializer), operationId: operationIdIn(last) });
        }
      } else if (args.length === 3 && last && (ts.isArrowFunction(last) || ts.isFunctionExpression(last))) {
        found.push({ file, line: lineOf(node.getStart(source)) + 1, lines: bodyLines(last), operationId: operationIdIn(args[1]) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const handlers = routeFiles().flatMap(handlersOf);
const where = (h: Handler) => `${path.relative(ROOT, h.file)}:${h.line}`;

describe('faces translate only', () => {
  it('finds the route handlers of both editions', () => {
    assert.ok(handlers.length >= 50, `found ${handlers.length} handlers`);
  });

  it(`keeps every route handler within ${MAX_LINES} lines`, () => {
    const long = handlers.filter((h) => h.lines > MAX_LINES && !PLUMBING.has(where(h)));
    assert.deepEqual(long.map((h) => `${where(h)} (${h.lines} lines)`), []);
  });

  it('states no gate of its own: a route reads the gates of the domain operation it calls (decision 0057)', () => {
    const stating = routeFiles().filter((f) => /\bGATES\./.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f));
    assert.deepEqual(stating, [], 'route files naming a GATES entry');
    const reading = routeFiles().flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/gates: (\w+)\.gates\b/g)].map((m) => m[1]));
    assert.ok(reading.length >= 25, `${reading.length} routes read their operation's gates`);
  });

  it('gives every described route a literal operationId prefixed by its edition', () => {
    for (const h of handlers.filter((x) => x.operationId !== undefined)) {
      const rel = path.relative(ROOT, h.file);
      const prefix = rel.startsWith('src/http/v1/') ? /^v1[A-Z]/ : rel.startsWith('src/http/api-v1/') ? /^apiV1[A-Z]/ : /^(api|v1|apiV1)[A-Z]/;
      assert.match(h.operationId!, prefix, where(h));
    }
  });
});

/**
 * The SQL rule of the domain (src/domain/README.md, "Where SQL lives"), as the code keeps it: a file
 * of an entity's folder queries its own entity's tables and the reference tables; the tables of
 * another entity only along the edges of {@link CROSS_ENTITY_SQL} (today's joins: an article view
 * carries its edition, the identity is built from the account and its subscription …); `sql/` and
 * `shared/` hold the SQL of no single entity and may query any table. A new edge is a decision
 * (call the other entity's index.ts instead, or add the edge here with the reason).
 */
const CROSS_ENTITY_SQL: Record<string, readonly string[]> = {
  accounts: ['billing', 'identity', 'newsletter', 'preferences'], // members and invitations: users, keys, the mail outbox
  alerts: ['accounts', 'articles', 'identity', 'newsletter', 'notifications', 'preferences', 'projects', 'tenders'], // delivery: matches, addressees, channels
  articles: ['accounts', 'editions', 'library', 'projects'], // the view joins its edition; saved flags; interests; project candidates
  audit: ['identity'], // the actor's email
  auth: ['accounts', 'identity', 'newsletter'], // signing in: users and their sessions, SSO members join an account, links mailed through the outbox
  changes: ['articles'], // a feed entry of an article carries its edition's visibility
  companies: ['articles', 'accounts', 'editions', 'media', 'projects', 'tenders'], // a profile's counts; a merge moves every link and interest
  housekeeping: ['alerts', 'identity', 'newsletter', 'oauth', 'quota'], // the daily purge of what served its purpose (decision 0037)
  billing: ['accounts'],
  calendar: ['articles'], // events mentioned in articles
  editions: ['articles'], // a delete lists the articles it takes
  identity: ['accounts', 'billing', 'oauth', 'preferences', 'quota'], // the identity is its account, subscription and plan; an OAuth token is read from the authorization server's records
  inbox: ['editions'], // promotion targets a draft edition
  intake: ['inbox', 'projects'], // polling writes inbox items; suggestions read projects
  library: ['articles', 'editions', 'projects'], // saved articles and watched projects, readable by edition
  media: ['articles', 'editions'], // covers derived from an article's links
  newsletter: ['accounts', 'articles', 'editions', 'identity', 'preferences'], // recipients and the edition sent
  notifications: ['library'], // watchers of a project
  procurement: ['accounts', 'billing', 'identity', 'newsletter'], // activation by invoice
  oauth: ['accounts', 'identity'], // an app's person: the user's claims and whether they are an administrator (issue 28)
  projects: ['articles', 'editions', 'library'], // mentions, last seen edition, watch flags
};
/** Folders whose SQL belongs to no single entity. */
const SHARED_SQL = new Set(['sql', 'shared']);

describe('the SQL rule of the domain', () => {
  const domain = path.join(ROOT, 'src/domain');
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const files = walk(domain).filter((f) => f.endsWith('.ts'));
  const entityOf = (file: string) => {
    const rel = path.relative(domain, file);
    return rel.includes(path.sep) ? rel.split(path.sep)[0]! : path.basename(rel, '.ts');
  };

  it('maps every table of the schema to the entity that owns it', () => {
    const schema = fs.readFileSync(path.join(ROOT, 'src/db/types.ts'), 'utf8');
    const tables = [...schema.slice(schema.indexOf('export interface DB {')).matchAll(/^ {2}([a-z_]+): /gm)].map((m) => m[1]!);
    assert.ok(tables.length > 50, `${tables.length} tables`);
    assert.deepEqual(tables.filter((t) => !TABLE_OWNER[t]), [], 'tables without an owner in test/helpers/sql-tables.ts');
  });

  it('queries another entity\u2019s tables only along the edges written down, and only from an entity folder or sql/', () => {
    const breaks: string[] = [];
    for (const file of files) {
      const entity = entityOf(file);
      if (SHARED_SQL.has(entity)) continue;
      for (const table of tablesOf(file)) {
        const owner = TABLE_OWNER[table]!;
        if (owner === 'reference' || owner === entity || CROSS_ENTITY_SQL[entity]?.includes(owner)) continue;
        breaks.push(`${path.relative(ROOT, file)} queries ${table} (${owner})`);
      }
    }
    assert.deepEqual(breaks, []);
  });

  it('keeps the shared SQL folders leaves: they import no entity', () => {
    for (const file of files.filter((f) => SHARED_SQL.has(entityOf(f)))) {
      const imports = [...fs.readFileSync(file, 'utf8').matchAll(/from '(\.\.\/[^']+)'/g)].map((m) => m[1]!);
      const entityImports = imports.filter((i) => !/^\.\.\/(\.\.\/db\/|shared\/|sql\/|errors\.js|slug\.js|clock\.js|pagination\.js|context\.js)/.test(i));
      assert.deepEqual(entityImports, [], `${path.relative(ROOT, file)} imports an entity`);
    }
  });
});
