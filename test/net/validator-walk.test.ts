/**
 * Issue 29: the control-character scan of every request value (src/http/validator.ts) walks with its
 * own stack, so a value nested far beyond the call stack's reach is scanned without overflowing,
 * and it still names the first bad string in document order (keys before their values).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findBadText } from '../../src/http/validator.js';
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from '../../src/http/json-body.js';

/** `{ a: { a: … leaf } }`, `depth` levels, built without recursion. */
function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

describe('findBadText', () => {
  it('scans 200 000 levels without overflowing the stack', () => {
    assert.equal(findBadText(nested(200_000, 'fine')), undefined);
    const bad = findBadText(nested(200_000, 'nul\u0000'));
    assert.ok(bad?.startsWith('/a/0/a/0/'));
    assert.equal(bad!.split('/').length - 1, 200_000);
  });

  it('names the first bad string in document order, keys before their values', () => {
    assert.equal(findBadText({ a: ['ok', 'b\u0001'], c: 'd\u0002' }), '/a/1');
    assert.equal(findBadText({ a: { 'k\u0003': 'v\u0004' } }), '/a/k\u0003');
    assert.equal(findBadText({ 'x/y~': '\ud800' }), '/x~1y~0');
    assert.equal(findBadText({ a: 'tab\tand\nlines\r' }), undefined);
    assert.equal(findBadText('\u007f'), '');
  });
});

describe('jsonNestedDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    assert.equal(jsonNestedDeeperThan('[[[]]]', 3), false);
    assert.equal(jsonNestedDeeperThan('[[[[]]]]', 3), true);
    assert.equal(jsonNestedDeeperThan('{"a":{"b":[1]}}', 3), false);
    assert.equal(jsonNestedDeeperThan('{"a":{"b":[{}]}}', 3), true);
    assert.equal(jsonNestedDeeperThan(`["${'['.repeat(100)}", "\\"${'{'.repeat(100)}"]`, 1), false);
    assert.equal(jsonNestedDeeperThan('[[]][[]]', 2), false);
    assert.equal(MAX_JSON_DEPTH, 64);
  });
});
