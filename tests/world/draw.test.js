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

test('drawWorld: a kinematic capsule in its colour with a ring at its pivot and its tip velocity', () => {
  const w = new World({ ballCapacity: 1, gravityY: 0 });
  const k = w.addKinematicCapsule(0, 0, 0, 2, 0.1, { pivot: 0 });
  w.setKinematicVelocity(k, 0, 0, 10);
  const { ctx, calls } = recorder();
  drawWorld(ctx, w, { scale: 10, originX: 100, originY: 200 });
  // the core from the pivot (100, 200) to the tip (120, 200), kinematic colour
  assert.ok(calls.some((c, k2) => c[0] === 'moveTo' && c[1] === 100 && c[2] === 200 && calls[k2 + 1][0] === 'lineTo' && calls[k2 + 1][1] === 120 && c[4] === '#b86b00'));
  const ring = calls.find((c) => c[0] === 'arc');
  assert.deepEqual(ring.slice(1, 3), [100, 200]);
  // the tip moves up at 10 rad/s x 2 = 20 units/s: a tick of 1 unit (10 px) up from (120, 200)
  assert.ok(calls.some((c, k2) => c[0] === 'moveTo' && c[1] === 120 && c[2] === 200 && calls[k2 + 1][0] === 'lineTo' && Math.abs(calls[k2 + 1][2] - 190) < 1e-4));
});

test('drawWorld: a chain marks its joints', () => {
  const w = new World({ ballCapacity: 1 });
  w.addChain([0, 0, 1, 0, 2, 1, 3, 1], 0.05);
  const { ctx, calls } = recorder();
  drawWorld(ctx, w, { scale: 10, originX: 0, originY: 100 });
  const dots = calls.filter((c) => c[0] === 'fillRect' && c[5] === '#fff').map((c) => [c[1] + 1.5, c[2] + 1.5]);
  assert.deepEqual(dots, [[10, 100], [20, 90]]); // the two inner joints, y up
});

test('drawWorld: a one-sided chain ticks its solid side; a seesaw draws its limits', () => {
  const w = new World({ ballCapacity: 1 });
  w.addChain([0, 0, 2, 0], 0.1, { oneSided: true }); // left to right, as a floor: colliding side up
  w.addPivotedCapsule(10, 0, 0, 4, 0.1, { lowerAngle: -0.5, upperAngle: 0.5 });
  const { ctx, calls } = recorder();
  drawWorld(ctx, w, { scale: 10, originX: 0, originY: 100 });
  const line = (x0, y0, x1, y1) => calls.some((c, k) => c[0] === 'moveTo' && Math.abs(c[1] - x0) < 1e-3 && Math.abs(c[2] - y0) < 1e-3 &&
    calls[k + 1][0] === 'lineTo' && Math.abs(calls[k + 1][1] - x1) < 1e-3 && Math.abs(calls[k + 1][2] - y1) < 1e-3);
  // the middle (10, 100) to radius + 6 px up: (10, 100 - 7)
  assert.ok(line(10, 100, 10, 93), 'the one-sided tick');
  // the core at each limit: from the pivot (100, 100) 2 units back and 2 on, at -0.5 and 0.5 rad
  for (const a of [-0.5, 0.5]) {
    assert.ok(line(100 - 20 * Math.cos(a), 100 + 20 * Math.sin(a), 100 + 20 * Math.cos(a), 100 - 20 * Math.sin(a)), `the limit at ${a}`);
  }
  const two = recorder();
  const plain = new World({ ballCapacity: 1 });
  plain.addChain([2, 0, 0, 0], 0.1);
  drawWorld(two.ctx, plain, { scale: 10, originX: 0, originY: 100 });
  assert.equal(two.calls.filter((c) => c[0] === 'lineTo').length, 1, 'a two-sided chain: only its core');
});
