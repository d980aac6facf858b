// drawWorld on a recording context: what it draws and where, y up.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World, drawWorld } from 'capsule2d';

await init();

function recorder() {
  const calls = [];
  const ctx = { lineWidth: 1, lineCap: 'butt', strokeStyle: '', fillStyle: '' };
  for (const name of ['save', 'restore', 'beginPath', 'moveTo', 'lineTo', 'arc', 'stroke', 'fill', 'fillRect']) {
    ctx[name] = (...args) => calls.push([name, ...args, ctx.fillStyle, ctx.strokeStyle]);
  }
  return { ctx, calls };
}

test('drawWorld: balls as circles with a spoke along their angle, capsules as round strokes, y up', () => {
  const w = new World({ ballCapacity: 4, gravityY: 0 });
  w.addCapsule(0, 0, 2, 0, 0.5);
  const h = w.addBall(1, 2, 0.5, { angle: Math.PI / 2 });
  const { ctx, calls } = recorder();
  const n = drawWorld(ctx, w, { scale: 10, originX: 100, originY: 200 });
  assert.equal(n, 1);
  const arc = calls.find((c) => c[0] === 'arc');
  assert.deepEqual(arc.slice(1, 4), [110, 180, 5]); // (1, 2) -> (100 + 10, 200 - 20), r 0.5 * 10
  // the spoke points up on the canvas (angle pi/2, y up): from (110, 180) to (110, 175)
  const spoke = calls.findIndex((c, k) => c[0] === 'moveTo' && c[1] === 110 && c[2] === 180 && calls[k + 1][0] === 'lineTo');
  assert.ok(spoke >= 0);
  assert.ok(Math.abs(calls[spoke + 1][1] - 110) < 1e-6 && Math.abs(calls[spoke + 1][2] - 175) < 1e-6);
  // the capsule: a stroke from (100, 200) to (120, 200) of width 2 r * scale
  assert.ok(calls.some((c, k) => c[0] === 'moveTo' && c[1] === 100 && c[2] === 200 && calls[k + 1][0] === 'lineTo' && calls[k + 1][1] === 120));
  w.removeBall(h);
  assert.equal(drawWorld(recorder().ctx, w), 0);
});

test('drawWorld: contacts on request; bad arguments are named errors', () => {
  const w = new World({ ballCapacity: 4 });
  w.addLine(-10, 0, 10, 0);
  w.addBall(0, 0.5, 0.5);
  for (let i = 0; i < 10; i++) w.step();
  const plain = recorder(), withContacts = recorder();
  drawWorld(plain.ctx, w);
  drawWorld(withContacts.ctx, w, { contacts: true });
  assert.equal(plain.calls.filter((c) => c[0] === 'fillRect').length, 0);
  assert.equal(withContacts.calls.filter((c) => c[0] === 'fillRect').length, 1);
  assert.throws(() => drawWorld({}, w), TypeError);
  assert.throws(() => drawWorld(plain.ctx, {}), TypeError);
  assert.throws(() => drawWorld(plain.ctx, w, { scale: 0 }), RangeError);
  assert.throws(() => drawWorld(plain.ctx, w, { scael: 1 }), TypeError);
});
