/**
 * The shape the codebase promises (src/http/README.md, docs/decisions/0007-faces-translate-only.md),
 * checked on the source: every route handler of the faces is at most five lines (read the input,
 * call one domain operation, present), and each has a literal, edition-prefixed operationId. The
 * module boundaries are ESLint's (`npm run lint`).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

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

  it('gives every described route a literal operationId prefixed by its edition', () => {
    for (const h of handlers.filter((x) => x.operationId !== undefined)) {
      const rel = path.relative(ROOT, h.file);
      const prefix = rel.startsWith('src/http/v1/') ? /^v1[A-Z]/ : rel.startsWith('src/http/api-v1/') ? /^apiV1[A-Z]/ : /^(api|v1|apiV1)[A-Z]/;
      assert.match(h.operationId!, prefix, where(h));
    }
  });
});
