// The JS ↔ C layout of the world's def records (cap_world_def, cap_ball_def,
// cap_static_def): world-layout.js writes each member at a word it knows and
// compares its table with capw_world_def_layout() (offsetof and _Generic in
// src/wasm/exports_layout.c) at the first World. Here: every word of the C
// table is one JS checks (changing any one makes the first World throw an
// Error naming it), and the table says where the members really are.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as api from 'capsule2d';
import * as rt from '../../dist/runtime.js';

await api.init();

const MISMATCH = /^capsule2d: world\.js and the wasm module disagree on the memory layout: (.+) is (\S+) in C, (\S+) in JS \(word (\d+) of the layout table\)/;

// Must run first in this file: world-layout.js checks once, at the first World.
test('every word of the def layout table is checked: changing any one makes the first World throw, naming it', () => {
  const p = rt.wasm.capw_world_def_layout() >>> 2, n = rt.wasm.capw_world_def_layout_count();
  assert.equal(n, 3 + 2 * (17 + 19 + 13), `a table of ${n} words`);
  const names = [];
  for (let k = 0; k < n; k++) {
    const saved = rt.heapU32[p + k];
    rt.heapU32[p + k] = saved + 1;
    try {
      assert.throws(() => new api.World(), (e) => {
        assert.equal(e.constructor, Error, e.message);
        const m = MISMATCH.exec(e.message);
        assert.ok(m, e.message);
        assert.equal(Number(m[4]), k, e.message);
        names.push(m[1]);
        return true;
      });
    } finally {
      rt.heapU32[p + k] = saved;
    }
  }
  assert.equal(new Set(names).size, n, 'each word has its own name');
  for (const name of ['cap_world_def words', 'cap_world_def.gravityX (word)', 'cap_world_def.subSteps (element type)',
    'cap_world_def.sleep (word)', 'cap_ball_def.userData (word)', 'cap_ball_def.awake (element type)',
    'cap_static_def.kind (element type)', 'cap_static_def.sensor (word)', 'cap_static_def words']) {
    assert.ok(names.includes(name), `${name} is checked (${names.join(', ')})`);
  }
  new api.World().destroy(); // the table as built agrees
});

// The members, written out here in C's names and order, against the table:
// each member's word is its index and the types are C's.
test('the def records: each member at its index word, with C\'s element type', () => {
  const F = 1, U = 2, I = 3;
  const DEFS = [
    [[F, F, F, I, U, U, U, F, F, F, F, F, F, F, F, F, I]],
    [[F, F, F, F, F, F, F, F, F, F, F, F, F, F, U, U, I, I, U]],
    [[I, F, F, F, F, F, F, F, F, U, U, I, U]],
  ];
  const p = rt.wasm.capw_world_def_layout() >>> 2;
  let at = p;
  for (const [types] of DEFS) {
    assert.equal(rt.heapU32[at++], types.length);
    types.forEach((t, k) => {
      assert.equal(rt.heapU32[at++], k, `member ${k}: word`);
      assert.equal(rt.heapU32[at++], t, `member ${k}: type`);
    });
  }
});

// A world def member read by name: writing the options lands on C's members.
test('World options land on the C members (dt, subSteps, eventCapacity, sleep)', () => {
  const w = new api.World({ dt: 1 / 120, subSteps: 7, eventCapacity: 33, sleep: false, gravityY: -3 });
  const s = w.settings;
  assert.equal(s.dt, Math.fround(1 / 120));
  assert.equal(s.subSteps, 7);
  assert.equal(w.eventCapacity, 33);
  assert.equal(s.sleep, false);
  assert.equal(s.gravityY, -3);
  w.destroy();
});

// One wire layout per result kind: World.rayCast / sweepBall read the same
// ray-hit / sweep-hit record (capw_ray_out / capw_sweep_out) as the batch
// layer's cast block, through one reader each; their answers equal
// castRays / sweepBalls' (the batch form) bit for bit, ball and static hits.
test('rayCast and sweepBall read the one hit record: equal to castRays / sweepBalls, ball and static', () => {
  const w = new api.World({ gravityY: 0 });
  const ball = w.addBall(3, 0.25, 0.5);
  const wall = w.addCapsule(6, -2, 6, 2, 0.1);
  const rays = new api.RayBatch(2), sweeps = new api.SweepBatch(2);
  rays.add(0, 0, 1, 0, 10); // hits the ball first
  rays.add(0, 3, 1, -0.4, 10); // passes over the ball, hits the wall
  sweeps.add(0, 0.3, 10, 0.3, 0.2);
  sweeps.add(0, -1.5, 10, -1.5, 0.2);
  assert.equal(w.castRays(rays), 2);
  assert.equal(w.sweepBalls(sweeps), 2);
  const want = [ball, wall];
  for (let i = 0; i < 2; i++) {
    const r = w.rayCast(rays.ox[i], rays.oy[i], rays.dx[i], rays.dy[i], rays.maxFraction[i]);
    assert.equal(r.handle, want[i], `ray ${i}`);
    assert.equal(r.kind, i === 0 ? 'ball' : 'static');
    assert.equal(w.hitHandle(rays.index[i]), r.handle);
    assert.deepEqual([r.fraction, r.x, r.y, r.nx, r.ny, r.startsInside],
      [rays.fraction[i], rays.x[i], rays.y[i], rays.nx[i], rays.ny[i], rays.startsInside[i] === 1], `ray ${i}`);
    const s = w.sweepBall(sweeps.x0[i], sweeps.y0[i], sweeps.x1[i], sweeps.y1[i], sweeps.radius[i]);
    assert.equal(s.handle, want[i], `sweep ${i}`);
    assert.equal(w.hitHandle(sweeps.index[i]), s.handle);
    assert.deepEqual([s.t, s.x, s.y, s.nx, s.ny, s.px, s.py, s.startsInside],
      [sweeps.t[i], sweeps.x[i], sweeps.y[i], sweeps.nx[i], sweeps.ny[i], sweeps.pointX[i], sweeps.pointY[i],
        sweeps.startsInside[i] === 1], `sweep ${i}`);
  }
  w.destroy(); rays.destroy(); sweeps.destroy();
});
