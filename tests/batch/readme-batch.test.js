// The README's batch example (the first ```js block under "## Batch queries
// over the heap") run as written across a frame where `contacts` grows (the
// push-out writes must land), and the README's file references: what it
// names in the package exists in the package; what it names in the
// repository exists in the repository.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync, existsSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');

// After the example: 5,000 small balls over the peg (more pairs than the
// 4,096 the buffer holds, so frame() grows it), one frame, then each ball's
// overlap with the peg. Printed as JSON.
const DRIVER = `
for (let i = 0; i < 5000; i++) balls.add(0.1 + i * 0.0005, 0.3, 0.05);
const before = contacts.capacity;
frame();
const { x, y, radius } = balls;
let worst = 0, moved = 0;
for (let i = 1; i < balls.count; i++) {
  const px = Math.min(Math.max(x[i], 0), 3);
  const d = Math.hypot(x[i] - px, y[i]) - 0.25 - radius[i];
  worst = Math.min(worst, d);
  if (Math.abs(y[i] - Math.fround(Math.fround(0.3) - 0.01)) > 1e-6) moved++;
}
console.log(JSON.stringify({ before, after: contacts.capacity, worst, moved, count: balls.count }));
`;

test('README batch example: the push-outs land on a frame where the contact buffer grows', () => {
  const section = readme.split(/^## Batch queries over the heap\s*$/m)[1].split(/^## /m)[0];
  const code = /^```js\n([\s\S]*?)^```/m.exec(section)[1];
  assert.match(code, /\{ grow: true \}/, 'the example uses grow-and-retry');
  mkdirSync(`${root}build`, { recursive: true });
  writeFileSync(`${root}build/readme-batch.mjs`, code + DRIVER);
  const got = JSON.parse(execFileSync(process.execPath, [`${root}build/readme-batch.mjs`], { encoding: 'utf8' }));
  assert.equal(got.before, 4096);
  assert.ok(got.after > 4096, `the buffer grew (${got.after})`);
  assert.equal(got.moved, got.count - 1, 'every small ball was pushed');
  assert.ok(got.worst > -1e-5, `no ball is left inside the peg (worst overlap ${got.worst})`);
});

test('README: files it names in the package are shipped; files it names in the repository exist', () => {
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  assert.ok(pkg.files.includes('dist/'));
  // The README and the documents it links (docs/, CONTRIBUTING.md).
  const docs = [readme, ...readdirSync(`${root}docs`).filter((f) => f.endsWith('.md')).map((f) => readFileSync(`${root}docs/${f}`, 'utf8')), readFileSync(`${root}CONTRIBUTING.md`, 'utf8')].join('\n');
  const names = [...docs.matchAll(/`((?:node_modules\/capsule2d\/)?(?:dist|src|tests|bench|web|tools)\/[^`\s]*)`/g)].map((m) => m[1]);
  assert.ok(names.length > 10);
  for (const name of names) {
    const path = name.replace(/^node_modules\/capsule2d\//, '');
    if (/[*<]/.test(path) || path.endsWith('/')) continue; // a pattern or a folder
    if (path.startsWith('dist/')) {
      if (/\.(js|d\.ts|wasm)$/.test(path)) assert.ok(existsSync(`${root}${path}`), `${name} is in the package`);
      continue;
    }
    assert.ok(existsSync(`${root}${path}`), `${name} exists in the repository`);
  }
  // The package ships no src/: in the README and the user's documents in
  // docs/, every mention of a src/ file says where it is.
  const userPart = [readme, ...readdirSync(`${root}docs`).filter((f) => f.endsWith('.md') && f !== 'benchmarks.md').map((f) => readFileSync(`${root}docs/${f}`, 'utf8'))].join('\n');
  for (const m of userPart.matchAll(/`src\/[^`]*\.(?:h|d\.ts|js)`[^.]*\./g)) {
    if (/^`src\/(js|core|kernels|batch|world|wasm|include)\/`/.test(m[0])) continue;
    assert.match(m[0], /repository|build\.sh|layer/, `"${m[0]}" says it is in the repository`);
  }
});
