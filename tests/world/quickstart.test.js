// The README's world quick start (the first ```js block under "## Physics
// world") runs as written, against the built package, with a recording fake
// canvas and a requestAnimationFrame that runs 150 frames (2.5 s): the balls
// fall (their circles move down the canvas), stay on the canvas, and every
// frame draws all 100 of them.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { wtest } from './helpers.js';

export function worldQuickStart(readme) {
  const section = readme.split(/^## Physics world\s*$/m)[1];
  if (section === undefined) throw new Error('README has no "## Physics world" section');
  const block = /^```js\n([\s\S]*?)^```/m.exec(section.split(/^## /m)[0]);
  if (!block) throw new Error('no ```js block under "## Physics world"');
  return block[1];
}

const root = fileURLToPath(new URL('../../', import.meta.url));

wtest('README world quick start: about 20 lines that make, fill, step and draw a world', async () => {
  const code = worldQuickStart(readFileSync(join(root, 'README.md'), 'utf8'));
  const lines = code.trim().split('\n').filter((l) => l.trim() !== '').length;
  assert.ok(lines <= 24, `${lines} lines`);
  assert.match(code, /from 'capsule2d'/);

  const W = 800, H = 600;
  const frames = []; // per frame: the ball circles drawn [x, y, r]
  let current = null;
  const ctx = { canvas: { width: W, height: H } };
  for (const m of ['save', 'restore', 'beginPath', 'closePath', 'moveTo', 'lineTo', 'stroke', 'fill', 'fillRect']) ctx[m] = () => {};
  ctx.clearRect = () => frames.push((current = []));
  ctx.arc = (x, y, r) => current?.push([x, y, r]);
  const queue = [];
  const saved = { document: globalThis.document, requestAnimationFrame: globalThis.requestAnimationFrame };
  globalThis.document = { querySelector: (s) => (s === 'canvas' ? { getContext: (k) => (k === '2d' ? ctx : null) } : null) };
  globalThis.requestAnimationFrame = (f) => queue.push(f);
  const dir = mkdtempSync(join(tmpdir(), 'capsule2d-world-qs-'));
  try {
    const file = join(dir, 'quickstart.mjs');
    writeFileSync(file, code.replace("from 'capsule2d'", `from ${JSON.stringify(pathToFileURL(join(root, 'dist/node.js')).href)}`));
    await import(pathToFileURL(file).href);
    for (let i = 0; i < 150 && queue.length; i++) queue.shift()(performance.now());
  } finally {
    globalThis.document = saved.document;
    globalThis.requestAnimationFrame = saved.requestAnimationFrame;
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(frames.length, 150, 'one draw per frame');
  const scale = Math.min(W / 20, H / 15);
  const balls = (f) => f.filter(([, , r]) => Math.abs(r - 0.4 * scale) < 1e-3);
  const meanY = (f) => balls(f).reduce((s, [, y]) => s + y, 0) / balls(f).length;
  const first = frames[0], last = frames.at(-1);
  console.log(`world quick start: ${lines} lines; ${balls(first).length} balls drawn; mean canvas y ${meanY(first).toFixed(1)} → ${meanY(last).toFixed(1)} px (floor at ${H - (H - 15 * scale) / 2} px)`);
  assert.equal(balls(first).length, 100);
  assert.equal(balls(last).length, 100);
  assert.ok(meanY(last) > meanY(first) + 2 * scale, 'the balls fell at least 2 m (y up in the world, down on the canvas)');
  for (const [x, y] of balls(last)) assert.ok(x >= 0 && x <= W && y >= 0 && y <= H, `ball drawn off the canvas at ${x}, ${y}`);
});
