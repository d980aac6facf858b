// The README's physics quick start (the first ```js block under "## The
// physics world") runs as written and prints what its comments say.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('README physics quick start runs and prints what it says', () => {
  const readme = readFileSync(new URL('README.md', `file://${root}`), 'utf8');
  const section = readme.split(/^## The physics world\s*$/m)[1].split(/^## /m)[0];
  const code = /^```js\n([\s\S]*?)^```/m.exec(section)[1];
  assert.match(code, /from 'capsule2d'/);
  assert.ok(code.split('\n').length <= 25, 'about 20 lines');
  // Inside the package (build/ is ignored by git), so 'capsule2d' resolves to this package.
  mkdirSync(`${root}build`, { recursive: true });
  writeFileSync(`${root}build/readme-world.mjs`, code);
  const out = execFileSync(process.execPath, [`${root}build/readme-world.mjs`], { encoding: 'utf8' }).trimEnd().split('\n');
  const wants = [...code.matchAll(/console\.log\(.*\);\s*\/\/\s*(.+)$/gm)].map((m) => m[1].trim());
  assert.equal(out.length, wants.length);
  wants.forEach((w, k) => assert.equal(out[k], w));
});

test('README moving parts example runs and prints what it says', () => {
  const readme = readFileSync(new URL('README.md', `file://${root}`), 'utf8');
  const section = readme.split(/^### Moving parts and snapshots\s*$/m)[1].split(/^##+ /m)[0];
  const code = /^```js\n([\s\S]*?)^```/m.exec(section)[1];
  mkdirSync(`${root}build`, { recursive: true });
  writeFileSync(`${root}build/readme-moving.mjs`, code);
  const out = execFileSync(process.execPath, [`${root}build/readme-moving.mjs`], { encoding: 'utf8' }).trimEnd().split('\n');
  const wants = [...code.matchAll(/console\.log\(.*\);\s*\/\/\s*(.+)$/gm)].map((m) => m[1].trim());
  assert.equal(out.length, wants.length);
  wants.forEach((w, k) => assert.equal(out[k], w));
});

test('README pinball runs and prints what it says, with handles and userData and no slot arithmetic', () => {
  const readme = readFileSync(new URL('README.md', `file://${root}`), 'utf8');
  const section = readme.split(/^#### Pinball in 40 lines\s*$/m)[1].split(/^##+ /m)[0];
  const code = /^```js\n([\s\S]*?)^```/m.exec(section)[1];
  assert.ok(code.split('\n').length <= 40, `${code.split('\n').length} lines`);
  for (const part of ['setKinematicTarget', 'events.hit.forEach', 'sensor: true', 'addBall', 'removeBall', 'userData']) assert.ok(code.includes(part), part);
  assert.doesNotMatch(code, /slotOf|ballHandle|staticHandle|\.balls\b|\.slot\b|\.u32|\.f32/, 'no slots in the game code');
  mkdirSync(`${root}build`, { recursive: true });
  writeFileSync(`${root}build/readme-pinball.mjs`, code);
  const out = execFileSync(process.execPath, [`${root}build/readme-pinball.mjs`], { encoding: 'utf8' }).trimEnd().split('\n');
  const wants = [...code.matchAll(/console\.log\(.*\);\s*\/\/\s*(.+)$/gm)].map((m) => m[1].trim());
  assert.equal(wants.length, 1);
  assert.deepEqual(out, wants);
});

// Every ```js block of the README that imports the package runs as printed:
// each `console.log(...); // x` prints x ("…" stands for any text). Blocks
// that need a browser (none do: the recipes guard their DOM use) would say so.
test('README: every code block that imports capsule2d runs and prints what its comments say', () => {
  const readme = readFileSync(new URL('README.md', `file://${root}`), 'utf8');
  const blocks = [...readme.matchAll(/^```js\n([\s\S]*?)^```/gm)].map((m) => m[1]).filter((c) => /from 'capsule2d'/.test(c));
  assert.ok(blocks.length >= 8, `${blocks.length} blocks`);
  mkdirSync(`${root}build`, { recursive: true });
  blocks.forEach((code, k) => {
    writeFileSync(`${root}build/readme-block-${k}.mjs`, code);
    const out = execFileSync(process.execPath, [`${root}build/readme-block-${k}.mjs`], { encoding: 'utf8' }).trimEnd().split('\n');
    const wants = [...code.matchAll(/console\.log\(.*\);\s*\/\/\s*(.+)$/gm)].map((m) => m[1].trim());
    // (a block that prints nothing, the batch example, must still run; its own test drives it)
    if (wants.length === 0) return;
    assert.equal(out.length, wants.length, `block ${k}: ${out.join(' | ')}`);
    wants.forEach((w, i) => {
      const pattern = new RegExp(`^${w.split('…').map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      assert.match(out[i], pattern, `block ${k}, line ${i}`);
    });
  });
});
