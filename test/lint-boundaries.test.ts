/**
 * The boundaries `npm run lint` enforces (eslint.config.js) fire: ESLint, with the project's own
 * configuration, lints the fixtures of test/fixtures/lint-boundaries (ignored by `npm run lint`
 * itself) laid out like src/domain, and must report an import cycle, a deep import of another
 * entity and a repository that is not a leaf, each on the file that breaks the rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const FIXTURES = 'test/fixtures/lint-boundaries/src/domain';

describe('lint boundaries', () => {
  it('fails on an import cycle, a deep cross-entity import and a repository that is not a leaf', async () => {
    const eslint = new ESLint({ ignore: false });
    const results = await eslint.lintFiles([`${FIXTURES}/**/*.ts`]);
    const found = results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(r.filePath.indexOf(FIXTURES) + FIXTURES.length + 1)} ${m.ruleId} ${m.message.split(':')[0]}`));
    const has = (file: string, rule: string, text: RegExp) => found.some((f) => f.startsWith(`${file} ${rule}`) && text.test(f));
    assert.ok(has('alpha/cycle-a.ts', 'import-x/no-cycle', /cycle/i), found.join('\n'));
    assert.ok(has('alpha/cycle-b.ts', 'import-x/no-cycle', /cycle/i), found.join('\n'));
    assert.ok(has('beta/deep.ts', '@typescript-eslint/no-restricted-imports', /Another entity only through its index\.ts/), found.join('\n'));
    assert.ok(has('alpha/repository.ts', '@typescript-eslint/no-restricted-imports', /A repository is a leaf/), found.join('\n'));
    assert.ok(!found.some((f) => f.startsWith('beta/name.ts') || f.startsWith('beta/index.ts') || f.startsWith('alpha/index.ts')), `clean files stay clean:\n${found.join('\n')}`);
  });
});
