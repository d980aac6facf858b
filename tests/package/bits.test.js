// The SIMD and scalar modules give identical bits: the same battery of
// queries (seeded random inputs plus exact edges, huge and tiny coordinates;
// fixtures/battery.js) through the installed package, SIMD and scalar, from
// 'capsule2d' and from 'capsule2d/inline', compared result by result. The
// browser test compares Chromium's results with these.
import test from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { consumerProject, writeFiles, runNode, fixture } from './project.js';

const { project } = await consumerProject();
const dir = join(project, 'bits');
writeFiles(dir, { 'battery.js': fixture('battery.js'), 'bits.mjs': fixture('bits.mjs') });

const battery = async (entry, simd) =>
  (await runNode(dir, ['bits.mjs', entry, simd], { env: { ...process.env, NODE_TEST_CONTEXT: '' } })).json;

test('SIMD and scalar builds: identical bits for the same queries', async (t) => {
  const simd = await battery('main', '1');
  const scalar = await battery('main', '0');
  assert.equal(simd.simd, true);
  assert.equal(scalar.simd, false);
  assert.ok(simd.functions.includes('collideCapsuleCircle') && simd.functions.includes('closestPointOnSegment'));
  t.diagnostic(`queries compared: ${simd.functions.join(', ')} (${simd.rows.length} calls)`);
  // The battery is not trivial: hits, misses and many distinct results.
  const contacts = simd.rows.filter((r) => r.startsWith('collideCapsuleCircle('));
  assert.ok(contacts.some((r) => r.endsWith(' null')) && contacts.some((r) => r.includes('depth=')));
  assert.ok(new Set(simd.rows.map((r) => r.slice(r.indexOf(') ') + 2))).size > simd.rows.length / 4);
  assert.deepEqual(scalar.functions, simd.functions);
  for (let i = 0; i < simd.rows.length; i++) assert.equal(scalar.rows[i], simd.rows[i], `call ${i}`);
});

test("'capsule2d/inline' gives the same bits as 'capsule2d'", async () => {
  const main = await battery('main', '1');
  for (const simd of ['1', '0']) {
    const inline = await battery('inline', simd);
    assert.equal(inline.simd, simd === '1');
    assert.deepEqual(inline.rows, main.rows);
  }
});
