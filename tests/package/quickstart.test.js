// Consumer test 5: the README's quick start (the first ```js block under
// "## Quick start", taken from the README inside the installed package) runs
// as written against the installed package, and each `console.log(...); // x`
// prints what its comment says ("…" stands for any text).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { consumerProject, writeFiles, runNode } from './project.js';

const { project } = await consumerProject();

export function quickStart(readme) {
  const section = readme.split(/^## Quick start\s*$/m)[1];
  if (section === undefined) throw new Error('README has no "## Quick start" section');
  const body = section.split(/^## /m)[0];
  const block = /^```js\n([\s\S]*?)^```/m.exec(body);
  if (!block) throw new Error('no ```js block under "## Quick start"');
  return block[1];
}

/** The comments after console.log(...) calls, in order, as patterns. */
function expectations(code) {
  return [...code.matchAll(/console\.log\(.*\);\s*\/\/\s*(.+)$/gm)].map((m) => {
    const parts = m[1].trim().split('…').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return { comment: m[1].trim(), pattern: new RegExp(`^${parts.join('.*')}$`) };
  });
}

test("README quick start runs against the installed package and prints what it says", async () => {
  const readme = readFileSync(join(project, 'node_modules', 'capsule2d', 'README.md'), 'utf8');
  const code = quickStart(readme);
  assert.match(code, /from 'capsule2d'/, 'the quick start imports the package by name');
  writeFiles(join(project, 'quickstart'), { 'quickstart.mjs': code });
  const { stdout } = await runNode(join(project, 'quickstart'), ['quickstart.mjs'], {
    env: { ...process.env, NODE_TEST_CONTEXT: '' },
  });
  const printed = stdout.trimEnd().split('\n');
  const expected = expectations(code);
  assert.ok(expected.length >= 1, 'the quick start shows its output in comments');
  assert.equal(printed.length, expected.length, stdout);
  expected.forEach(({ comment, pattern }, i) => assert.match(printed[i], pattern, `line ${i + 1}: // ${comment}`));
});

test('the README in the package is the repository README', () => {
  const shipped = readFileSync(join(project, 'node_modules', 'capsule2d', 'README.md'), 'utf8');
  const here = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  assert.equal(shipped, here);
});
