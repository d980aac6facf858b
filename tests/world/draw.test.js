// Debug draw (src/js/draw.js) against a recording fake Canvas 2D context:
// every call and its coordinates are checked against the world→canvas
// transform computed here from its definition (X = ox + s·x, Y = oy − s·y).
import test from 'node:test';
import assert from 'node:assert/strict';
import { drawWorld, makeTransform, fitTransform, StaticKind } from '../../src/js/draw.js';

function fakeContext(width = 400, height = 300) {
  const calls = [];
  const ctx = { canvas: { width, height }, calls };
  for (const m of ['save', 'restore', 'beginPath', 'closePath', 'moveTo', 'lineTo', 'arc', 'stroke', 'fill', 'fillRect']) {
    ctx[m] = (...args) => calls.push([m, ...args]);
  }
  return ctx;
}

function world({ balls = [], statics = [], contacts = [] } = {}) {
  const f = (list, key) => Float32Array.from(list, (o) => o[key] ?? 0);
  return {
    balls: {
      count: balls.length, x: f(balls, 'x'), y: f(balls, 'y'), radius: f(balls, 'r'), angle: f(balls, 'angle'),
      alive: Uint8Array.from(balls, (b) => (b.dead ? 0 : 1)), sleeping: Uint8Array.from(balls, (b) => (b.sleeping ? 1 : 0)),
    },
    statics: {
      count: statics.length, kind: Uint8Array.from(statics, (s) => s.kind), ax: f(statics, 'ax'), ay: f(statics, 'ay'),
      bx: f(statics, 'bx'), by: f(statics, 'by'), radius: f(statics, 'r'), sensor: Uint8Array.from(statics, (s) => (s.sensor ? 1 : 0)),
    },
    contacts: { count: contacts.length, x: f(contacts, 'x'), y: f(contacts, 'y'), nx: f(contacts, 'nx'), ny: f(contacts, 'ny') },
  };
}

const close = (a, b, msg) => assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${msg}: ${a} vs ${b}`);

test('transform: y up mirrors y, scale and origin as defined, toWorld inverts', () => {
  const s = 37.5, ox = 12, oy = 250;
  const t = makeTransform({ scale: s, originX: ox, originY: oy });
  for (const [x, y] of [[0, 0], [1.25, -3], [-7, 4.5]]) {
    close(t.x(x), ox + s * x, 'X');
    close(t.y(y), oy - s * y, 'Y (y up)');
    const w = t.toWorld(t.x(x), t.y(y));
    close(w.x, x, 'toWorld x');
    close(w.y, y, 'toWorld y');
  }
  const down = makeTransform({ scale: s, originX: ox, originY: oy, yUp: false });
  close(down.y(2), oy + s * 2, 'Y (y down)');
  assert.throws(() => makeTransform({ scale: 0 }), /RangeError|scale/);
  assert.throws(() => makeTransform({ scale: 0 }), RangeError);
  assert.throws(() => makeTransform({ scale: '2' }), TypeError);
  assert.throws(() => makeTransform({ originX: NaN }), /originX/);
  assert.throws(() => makeTransform({ yUp: 1 }), TypeError);
});

test('fitTransform puts the world rectangle inside the canvas, centred, corners on the edges of the tight axis', () => {
  const t = fitTransform(-10, 0, 10, 5, 400, 300);
  const s = Math.min(400 / 20, 300 / 5); // 20 px per unit, width-bound
  close(t.scale, s, 'scale');
  close(t.x(-10), 0, 'left edge');
  close(t.x(10), 400, 'right edge');
  close(t.y(2.5), 150, 'vertical centre');
  assert.ok(t.y(5) < t.y(0), 'y up: the top of the world is higher on the canvas');
  assert.throws(() => fitTransform(1, 0, 1, 5, 400, 300), RangeError);
});

test('balls: one circle per live ball at the transformed centre and scaled radius, a spoke along its angle', () => {
  const t = makeTransform({ scale: 20, originX: 200, originY: 280 });
  const balls = [
    { x: 1, y: 2, r: 0.5, angle: 0 },
    { x: -3, y: 4, r: 1, angle: Math.PI / 2 },
    { x: 9, y: 9, r: 1, dead: true },
    { x: 0, y: 1, r: 0.25, angle: Math.PI / 6, sleeping: true },
  ];
  const w = world({ balls });
  const ctx = fakeContext();
  const drawn = drawWorld(ctx, w, { transform: t });
  assert.equal(drawn.balls, 3);
  const arcs = ctx.calls.filter((c) => c[0] === 'arc');
  assert.equal(arcs.length, 3, 'dead slot skipped');
  const live = balls.filter((b) => !b.dead);
  // Awake balls are drawn first, then sleeping ones.
  const order = [...live.filter((b) => !b.sleeping), ...live.filter((b) => b.sleeping)];
  order.forEach((b, i) => {
    const [, cx, cy, r, a0, a1] = arcs[i];
    close(cx, t.x(Math.fround(b.x)), 'arc x');
    close(cy, t.y(Math.fround(b.y)), 'arc y');
    close(r, Math.fround(b.r) * 20, 'arc radius');
    close(a1 - a0, 2 * Math.PI, 'full circle');
  });
  // Spokes: moveTo centre, lineTo centre + r·(cos a, sin a) in world space, after the last arc.
  const lastArc = ctx.calls.lastIndexOf(arcs[2]);
  const spokes = [];
  for (let i = lastArc + 1; i < ctx.calls.length - 1; i++) {
    if (ctx.calls[i][0] === 'moveTo' && ctx.calls[i + 1][0] === 'lineTo') spokes.push([ctx.calls[i], ctx.calls[i + 1]]);
  }
  assert.equal(spokes.length, 3);
  live.forEach((b, i) => {
    const [m, l] = spokes[i];
    const x = Math.fround(b.x), y = Math.fround(b.y), r = Math.fround(b.r), a = Math.fround(b.angle);
    close(m[1], t.x(x), 'spoke start x');
    close(m[2], t.y(y), 'spoke start y');
    close(l[1], t.x(x + r * Math.cos(a)), 'spoke end x');
    close(l[2], t.y(y + r * Math.sin(a)), 'spoke end y');
  });
  // The spoke of the ball at angle π/2 points up the screen (smaller canvas y).
  assert.ok(spokes[1][1][2] < spokes[1][0][2], 'y up: a spoke at +90° goes up on the canvas');
  assert.equal(ctx.calls[0][0], 'save');
  assert.equal(ctx.calls.at(-1)[0], 'restore');
  const strokes = ctx.calls.filter((c) => c[0] === 'stroke').length;
  assert.equal(strokes, 3, 'awake, sleeping and spokes: three paths, not one per ball');
});

test('statics: segment endpoints, capsule outline tangent points and caps, circle, infinite line crossing the canvas', () => {
  const t = makeTransform({ scale: 10, originX: 50, originY: 250 });
  const seg = { kind: StaticKind.segment, ax: 0, ay: 0, bx: 10, by: 5 };
  const cap = { kind: StaticKind.capsule, ax: 2, ay: 3, bx: 8, by: 3, r: 0.5 };
  const circ = { kind: StaticKind.circle, ax: 4, ay: 10, r: 2 };
  const line = { kind: StaticKind.line, ax: 0, ay: 0, bx: 1, by: 0 };
  const sensor = { kind: StaticKind.segment, ax: 1, ay: 1, bx: 2, by: 2, sensor: true };
  for (const [shape, check] of [
    [seg, (calls) => {
      const m = calls.find((c) => c[0] === 'moveTo'), l = calls.find((c) => c[0] === 'lineTo');
      assert.deepEqual([m[1], m[2], l[1], l[2]], [t.x(0), t.y(0), t.x(10), t.y(5)]);
    }],
    [cap, (calls) => {
      // Upper side from A + n·r to B + n·r (n = (0, 1) for A→B along +x), two half-circle caps of radius r·s.
      const m = calls.find((c) => c[0] === 'moveTo'), l = calls.find((c) => c[0] === 'lineTo');
      assert.deepEqual([m[1], m[2]], [t.x(2), t.y(3.5)]);
      assert.deepEqual([l[1], l[2]], [t.x(8), t.y(3.5)]);
      const arcs = calls.filter((c) => c[0] === 'arc');
      assert.equal(arcs.length, 2);
      assert.deepEqual(arcs.map((a) => [a[1], a[2], a[3]]), [[t.x(8), t.y(3), 5], [t.x(2), t.y(3), 5]]);
      // Each cap sweeps π and, at its middle angle, reaches the far tip of the capsule.
      for (const [a, tip] of [[arcs[0], 8.5], [arcs[1], 1.5]]) {
        close(Math.abs(a[5] - a[4]), Math.PI, 'half circle');
        const mid = (a[4] + a[5]) / 2;
        close(a[1] + a[3] * Math.cos(mid), t.x(tip), 'cap passes through the tip');
        close(a[2] + a[3] * Math.sin(mid), t.y(3), 'cap tip on the axis');
      }
    }],
    [circ, (calls) => {
      const a = calls.find((c) => c[0] === 'arc');
      assert.deepEqual(a.slice(1, 4), [t.x(4), t.y(10), 20]);
    }],
    [line, (calls) => {
      const m = calls.find((c) => c[0] === 'moveTo'), l = calls.find((c) => c[0] === 'lineTo');
      assert.equal(m[2], t.y(0));
      assert.equal(l[2], t.y(0));
      assert.ok(Math.min(m[1], l[1]) <= 0 && Math.max(m[1], l[1]) >= 400, `the line crosses the whole canvas: ${m[1]}..${l[1]}`);
    }],
  ]) {
    const ctx = fakeContext();
    const drawn = drawWorld(ctx, world({ statics: [shape] }), { transform: t });
    assert.equal(drawn.statics, 1);
    check(ctx.calls);
  }
  const ctx = fakeContext();
  drawWorld(ctx, world({ statics: [seg, sensor] }), { transform: t, sensorColor: 'lime' });
  assert.equal(ctx.calls.filter((c) => c[0] === 'stroke').length, 2, 'sensors stroked in their own path');
});

test('contacts and normals only when asked; count above capacity draws what was written', () => {
  const t = makeTransform({ scale: 20, originX: 0, originY: 300 });
  const w = world({ contacts: [{ x: 1, y: 1, nx: 0, ny: 1 }, { x: 2, y: 0.5, nx: 0.6, ny: 0.8 }] });
  let ctx = fakeContext();
  assert.equal(drawWorld(ctx, w, { transform: t }).contacts, 0);
  assert.equal(ctx.calls.filter((c) => c[0] === 'fillRect').length, 0);
  ctx = fakeContext();
  assert.equal(drawWorld(ctx, w, { transform: t, contacts: true, normals: true, normalLength: 15 }).contacts, 2);
  const rects = ctx.calls.filter((c) => c[0] === 'fillRect');
  assert.deepEqual(rects[1].slice(1), [t.x(2) - 2, t.y(0.5) - 2, 4, 4]);
  const lines = ctx.calls.filter((c) => c[0] === 'lineTo');
  const [, ex, ey] = lines.at(-1);
  close(Math.hypot(ex - t.x(2), ey - t.y(0.5)), 15 * Math.hypot(Math.fround(0.6), Math.fround(0.8)), 'normal is normalLength pixels × |n|');
  assert.ok(ey < t.y(0.5), 'an upward normal points up the canvas');
  w.contacts.count = 5; // found 5, room for 2
  ctx = fakeContext();
  assert.equal(drawWorld(ctx, w, { transform: t, contacts: true }).contacts, 2);
});

test('bad arguments are TypeErrors naming what is wrong, and nothing is drawn', () => {
  const ctx = fakeContext();
  assert.throws(() => drawWorld(null, world()), TypeError);
  assert.throws(() => drawWorld(ctx, {}), TypeError);
  assert.throws(() => drawWorld(ctx, world(), { colour: 'red' }), /unknown key "colour"/);
  assert.throws(() => drawWorld(ctx, world(), { transform: { scale: -1 } }), RangeError);
  assert.equal(ctx.calls.length, 0);
});
