// drawWorld on a recording context: what it draws and where, y up.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World, drawWorld } from 'capsule2d';

await init();

// Each call: [name, ...args, fillStyle, strokeStyle, lineWidth, dash], the
// state when it was made (dash: the setLineDash pattern, joined by commas).
function recorder() {
  const calls = [];
  let dash = '';
  const ctx = { lineWidth: 1, lineCap: 'butt', strokeStyle: '', fillStyle: '', canvas: { width: 300, height: 200 } };
  for (const name of ['save', 'restore', 'beginPath', 'moveTo', 'lineTo', 'arc', 'stroke', 'fill', 'fillRect', 'clearRect', 'setTransform']) {
    ctx[name] = (...args) => calls.push([name, ...args, ctx.fillStyle, ctx.strokeStyle, ctx.lineWidth, dash]);
  }
  ctx.setLineDash = (d) => {
    dash = d.join(',');
  };
  return { ctx, calls };
}

/** The strokes: { from, to, color, width, dash } for each moveTo-lineTo-stroke. */
function strokes(calls) {
  const out = [];
  for (let k = 0; k + 2 < calls.length; k++) {
    const [m, l, st] = [calls[k], calls[k + 1], calls[k + 2]];
    if (m[0] === 'moveTo' && l[0] === 'lineTo' && st[0] === 'stroke') {
      out.push({ from: [m[1], m[2]], to: [l[1], l[2]], color: st[2], width: st[3], dash: st[4] });
    }
  }
  return out;
}

/** The arcs: { x, y, r, op ('fill' or 'stroke'), color, width, dash }. */
function arcs(calls) {
  const out = [];
  for (let k = 0; k + 1 < calls.length; k++) {
    const [a, op] = [calls[k], calls[k + 1]];
    if (a[0] === 'arc' && (op[0] === 'fill' || op[0] === 'stroke')) {
      out.push({ x: a[1], y: a[2], r: a[3], op: op[0], color: op[0] === 'fill' ? op[1] : op[2], width: op[3], dash: op[4] });
    }
  }
  return out;
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

test('drawWorld: a thin chain has square free ends; its joints are not marked', () => {
  const w = new World({ ballCapacity: 1 });
  w.addChain([0, 0, 1, 0, 2, 1, 3, 1], 0.05); // 1 px at scale 10: drawn edgeWidth (2 px) wide
  const { ctx, calls } = recorder();
  drawWorld(ctx, w, { scale: 10, originX: 0, originY: 100 });
  const squares = calls.filter((c) => c[0] === 'fillRect').map((c) => [c[1] + c[3] / 2, c[2] + c[4] / 2, c[3], c[5]]);
  // the two free ends, y up: a square of the body (2) + 2 line widths (1.5), in the chain's colour
  assert.deepEqual(squares, [[0, 100, 5, '#444'], [30, 90, 5, '#444']]);
  assert.equal(strokes(calls).length, 3, 'three pieces, nothing over them');
  // a closed loop has no free end
  const loop = new World({ ballCapacity: 1 });
  loop.addChain([0, 0, 4, 0, 4, 4, 0, 4], 0.05, { loop: true });
  const l = recorder();
  drawWorld(l.ctx, loop, { scale: 10 });
  assert.equal(l.calls.filter((c) => c[0] === 'fillRect').length, 0);
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

test('drawWorld: clear and background wipe the whole canvas first, in the identity transform', () => {
  const w = new World({ ballCapacity: 2, gravityY: 0 });
  w.addBall(1, 1, 0.5);
  const first = (calls) => calls.findIndex((c) => c[0] === 'arc');
  const plain = recorder();
  drawWorld(plain.ctx, w);
  assert.equal(plain.calls.filter((c) => ['clearRect', 'fillRect', 'setTransform'].includes(c[0])).length, 0, 'by default nothing is wiped');

  const cleared = recorder();
  drawWorld(cleared.ctx, w, { clear: true });
  const names = cleared.calls.map((c) => c[0]);
  const t = names.indexOf('setTransform'), cr = names.indexOf('clearRect');
  assert.deepEqual(cleared.calls[t].slice(1, 7), [1, 0, 0, 1, 0, 0]);
  assert.deepEqual(cleared.calls[cr].slice(1, 5), [0, 0, 300, 200], 'the canvas, 300 x 200');
  assert.ok(t < cr && cr < first(cleared.calls), 'cleared before the ball is drawn');
  assert.equal(names.filter((n) => n === 'fillRect').length, 0, 'clear alone fills nothing');
  // the transform is put back (restore) before drawing
  assert.equal(names.slice(cr, first(cleared.calls)).filter((n) => n === 'restore').length, 1);

  const filled = recorder();
  drawWorld(filled.ctx, w, { background: '#102030' });
  const fill = filled.calls.find((c) => c[0] === 'fillRect');
  assert.deepEqual(fill.slice(1, 6), [0, 0, 300, 200, '#102030']);
  assert.equal(filled.calls.filter((c) => c[0] === 'clearRect').length, 0, 'a background alone fills, never clears');
  assert.ok(filled.calls.indexOf(fill) < first(filled.calls));

  const both = recorder();
  drawWorld(both.ctx, w, { clear: true, background: 'rgba(0, 0, 0, 0.5)' });
  const order = both.calls.map((c) => c[0]).filter((n) => n === 'clearRect' || n === 'fillRect');
  assert.deepEqual(order, ['clearRect', 'fillRect'], 'clear, then a translucent background over it');

  // a context with no canvas to measure: a TypeError naming the option
  const bare = recorder();
  delete bare.ctx.canvas;
  assert.throws(() => drawWorld(bare.ctx, w, { clear: true }), { name: 'TypeError', message: /options\.clear needs .*ctx\.canvas/ });
  assert.throws(() => drawWorld(bare.ctx, w, { background: '#fff' }), { name: 'TypeError', message: /options\.background needs/ });
  assert.equal(drawWorld(bare.ctx, w, { clear: false }), 1, 'without clear, no canvas is needed');
  assert.equal(bare.calls.length > 0, true);
  assert.throws(() => drawWorld(recorder().ctx, w, { clear: 1 }), { name: 'TypeError', message: /options\.clear must be a boolean, got number 1/ });
  assert.throws(() => drawWorld(recorder().ctx, w, { background: 0x102030 }), { name: 'TypeError', message: /options\.background must be a CSS colour string, got number 1056816/ });
  assert.throws(() => drawWorld(recorder().ctx, w, { background: ' ' }), { name: 'RangeError', message: /options\.background must be a CSS colour, got the empty string/ });
});

test('drawWorld: sleeping balls are hollow rings, awake ones filled discs: apart without colour', () => {
  const w = new World({ ballCapacity: 4, gravityY: 0 });
  w.addBall(1, 1, 0.5);
  w.addBall(4, 1, 0.5, { awake: false });
  assert.deepEqual([w.balls.awake(0), w.balls.awake(1)], [true, false]);
  const { ctx, calls } = recorder();
  // the same colour for both: the shapes alone must tell them apart
  assert.equal(drawWorld(ctx, w, { scale: 10, originX: 0, originY: 100, ballColor: '#333', sleepColor: '#333', lineWidth: 2 }), 2);
  const [awake, asleep] = arcs(calls);
  assert.deepEqual(awake, { x: 10, y: 90, r: 5, op: 'fill', color: '#333', width: 2, dash: '' });
  // the ring's outer edge on the ball's: radius 5 - 2 / 2, stroked 2 wide
  assert.deepEqual(asleep, { x: 40, y: 90, r: 4, op: 'stroke', color: '#333', width: 2, dash: '' });
  // spokes: the awake one in the mark colour, the sleeping one in the ring's
  const spokes = strokes(calls);
  assert.deepEqual(spokes.map((k) => [k.from, k.color, k.width]), [[[10, 90], '#fff', 2], [[40, 90], '#333', 2]]);
});

test('drawWorld: kinematic, pivoted, chain and plain capsules are styled apart, not only by colour', () => {
  const w = new World({ ballCapacity: 1, gravityY: 0 });
  w.addCapsule(0, 0, 4, 0, 0.5); // plain
  w.addKinematicCapsule(0, 5, 0, 4, 0.5, { pivot: 0 }); // core (0, 5)-(4, 5)
  w.addPivotedCapsule(2, 10, 0, 4, 0.5, { lowerAngle: -0.25, upperAngle: 0.25 }); // pivot (2, 10)
  w.addChain([0, 15, 2, 15, 4, 15], 0.5);
  const same = '#555';
  const { ctx, calls } = recorder();
  drawWorld(ctx, w, { scale: 10, originX: 0, originY: 200, staticColor: same, kinematicColor: same, pivotedColor: same, chainColor: same });
  const all = strokes(calls);
  const on = (y) => all.filter((k) => k.from[1] === y && k.to[1] === y); // strokes along the line at canvas y
  // plain: one solid body stroke 10 px wide, no marks
  assert.deepEqual(on(200).map((k) => [k.width, k.dash, k.color]), [[10, '', same]]);
  // kinematic: the body, then a dashed core in the mark colour
  assert.deepEqual(on(150).map((k) => [k.width, k.dash, k.color]), [[10, '', same], [1.5, '3,4.5', '#fff']]);
  // pivoted: the body, its limits dashed; a ring and a pin at the pivot (20, 100)
  assert.deepEqual(on(100).map((k) => [k.width, k.dash]), [[10, '']]);
  const limits = all.filter((k) => k.dash === '3,3');
  assert.equal(limits.length, 2, 'two dashed limit lines');
  const pin = arcs(calls).filter((a) => a.x === 20 && a.y === 100);
  assert.deepEqual(pin.map((a) => a.op), ['stroke', 'fill'], 'a ring, then the pin');
  const kinRing = arcs(calls).filter((a) => a.x === 0 && a.y === 150);
  assert.deepEqual(kinRing.map((a) => a.op), ['stroke'], 'the kinematic pivot: a ring, no pin');
  // chain: a hollow tube, its pieces' insides drawn after both bodies (seamless at the joint)
  assert.deepEqual(on(50).map((k) => [k.width, k.dash, k.color]), [[10, '', same], [10, '', same], [7, '', '#fff'], [7, '', '#fff']]);
  assert.equal(calls.filter((c) => c[0] === 'fillRect').length, 0, 'a thick chain has round ends, no squares');

  // a kinematic capsule too thin for a dash inside: its body is dashed
  const thin = new World({ ballCapacity: 1 });
  thin.addKinematicCapsule(0, 0, 0, 4, 0.05);
  const t = recorder();
  drawWorld(t.ctx, thin, { scale: 10, originX: 0, originY: 100 });
  const body = strokes(t.calls).filter((k) => k.from[1] === 100 && k.to[1] === 100);
  assert.deepEqual(body.map((k) => [k.width, k.dash]), [[2, '4,6']], 'the 2 px body (edgeWidth) dashed, nothing over it');
});

test('drawWorld: every colour option reaches what it names; chain and pivoted follow static and kinematic', () => {
  const w = new World({ ballCapacity: 4, gravityY: -10 });
  w.addLine(-10, 0, 10, 0);
  w.addCapsule(0, 3, 2, 3, 0.25);
  w.addCapsule(5, 3, 7, 3, 0.25, { sensor: true });
  w.addChain([0, 6, 2, 6], 0.25);
  w.addKinematicCapsule(0, 9, 0, 2, 0.25);
  w.addPivotedCapsule(5, 9, 0, 2, 0.25);
  w.addBall(0, 0.5, 0.5);
  w.addBall(3, 0.5, 0.5, { awake: false });
  for (let i = 0; i < 2; i++) w.step();
  const colors = {
    ballColor: '#000001', sleepColor: '#000002', staticColor: '#000003', chainColor: '#000004', sensorColor: '#000005',
    contactColor: '#000006', kinematicColor: '#000007', pivotedColor: '#000008', markColor: '#000009',
  };
  const { ctx, calls } = recorder();
  drawWorld(ctx, w, { scale: 10, originX: 100, originY: 200, contacts: true, ...colors });
  const all = strokes(calls), round = arcs(calls);
  const at = (y) => all.filter((k) => k.from[1] === y && k.to[1] === y && k.width === 5).map((k) => k.color);
  assert.deepEqual(all.filter((k) => k.from[1] === 200 && k.width === 2).map((k) => k.color), ['#000003'], 'the line: staticColor');
  assert.deepEqual(at(170), ['#000003', '#000005'], 'capsule: staticColor; sensor: sensorColor');
  assert.deepEqual(at(140), ['#000004'], 'chain: chainColor');
  assert.deepEqual(at(110), ['#000007', '#000008'], 'kinematic, pivoted');
  assert.deepEqual(round.filter((a) => a.r === 5 || a.r === 4.25).map((a) => [a.op, a.color]), [['fill', '#000001'], ['stroke', '#000002']], 'awake ball, sleeping ball (a ring 5 - 1.5 / 2 px)');
  assert.ok(calls.some((c) => c[0] === 'fillRect' && c[5] === '#000006'), 'contacts: contactColor');
  assert.deepEqual(all.filter((k) => k.from[1] === 140 && k.width === 2).map((k) => k.color), ['#000009'], 'the inside of the chain: markColor');
  assert.deepEqual(all.filter((k) => k.from[1] === 110 && k.dash !== '').map((k) => k.color), ['#000009'], 'the kinematic dash: markColor');
  // rings wider than these 5 px bodies: in the capsule's colour (white would vanish off the body)
  assert.deepEqual(round.filter((a) => a.y === 110).map((a) => [a.op, a.color]), [['stroke', '#000007'], ['stroke', '#000008'], ['fill', '#000008']]);

  // chainColor and pivotedColor default to staticColor and kinematicColor
  const d = recorder();
  drawWorld(d.ctx, w, { scale: 10, originX: 100, originY: 200, staticColor: '#0000aa', kinematicColor: '#00aa00' });
  const ds = strokes(d.calls);
  assert.deepEqual(ds.filter((k) => k.from[1] === 140 && k.width === 5).map((k) => k.color), ['#0000aa']);
  assert.deepEqual(ds.filter((k) => k.from[1] === 110 && k.width === 5).map((k) => k.color), ['#00aa00', '#00aa00']);

  for (const k of Object.keys(colors)) {
    assert.throws(() => drawWorld(recorder().ctx, w, { [k]: 5 }), { name: 'TypeError', message: new RegExp(`options\\.${k} must be a CSS colour string, got number 5`) });
    assert.throws(() => drawWorld(recorder().ctx, w, { [k]: '' }), { name: 'RangeError', message: new RegExp(`options\\.${k} must be a CSS colour`) });
  }
});

test('drawWorld: lineWidth sets the marks, edgeWidth the lines and the least width of a static', () => {
  const w = new World({ ballCapacity: 2, gravityY: 0 });
  w.addLine(-10, 0, 10, 0);
  w.addSegment(0, 5, 4, 5); // radius 0
  w.addCapsule(0, 8, 4, 8, 1); // 20 px wide at scale 10, above any edgeWidth here
  w.addBall(0, 2, 0.5);
  const { ctx, calls } = recorder();
  drawWorld(ctx, w, { scale: 10, originX: 100, originY: 200, lineWidth: 3, edgeWidth: 5 });
  const all = strokes(calls);
  assert.deepEqual(all.filter((k) => k.from[1] === 200).map((k) => k.width), [5], 'the half-plane edge');
  assert.deepEqual(all.filter((k) => k.from[1] === 150).map((k) => k.width), [5], 'a segment: edgeWidth, not 0');
  assert.deepEqual(all.filter((k) => k.from[1] === 120).map((k) => k.width), [20], 'a capsule: its diameter');
  assert.deepEqual(all.filter((k) => k.from[0] === 100 && k.from[1] === 180).map((k) => k.width), [3], 'the spoke');

  const defaults = recorder();
  drawWorld(defaults.ctx, w, { scale: 10, originX: 100, originY: 200 });
  const ds = strokes(defaults.calls);
  assert.deepEqual(ds.filter((k) => k.from[1] === 150).map((k) => k.width), [2], 'default edgeWidth 2');
  assert.deepEqual(ds.filter((k) => k.from[0] === 100 && k.from[1] === 180).map((k) => k.width), [1.5], 'default lineWidth 1.5');

  for (const k of ['lineWidth', 'edgeWidth']) {
    assert.throws(() => drawWorld(recorder().ctx, w, { [k]: '2' }), { name: 'TypeError', message: new RegExp(`options\\.${k} must be a number, got the string "2"`) });
    assert.throws(() => drawWorld(recorder().ctx, w, { [k]: 0 }), { name: 'RangeError', message: new RegExp(`options\\.${k} must be > 0, got 0`) });
    assert.throws(() => drawWorld(recorder().ctx, w, { [k]: -1 }), { name: 'RangeError', message: new RegExp(`options\\.${k} must be > 0`) });
    assert.throws(() => drawWorld(recorder().ctx, w, { [k]: Infinity }), { name: 'RangeError', message: new RegExp(`options\\.${k} must be finite`) });
  }
  // an unknown option names itself and lists the new ones
  assert.throws(() => drawWorld(recorder().ctx, w, { lineWdith: 2 }), { name: 'TypeError', message: /unknown option "lineWdith" \(known: .*clear, background, .*lineWidth, edgeWidth\)/ });
  // a context without setLineDash
  const old = recorder();
  delete old.ctx.setLineDash;
  assert.throws(() => drawWorld(old.ctx, w), { name: 'TypeError', message: /ctx must be a CanvasRenderingContext2D, got an object with no setLineDash/ });
});

test('drawWorld: a ball under 3 px in radius on the canvas is a plain disc (no spoke), from 3 px it has one, drawn with butt caps', () => {
  const w = new World({ ballCapacity: 4, gravityY: 0 });
  w.addBall(0, 0, 0.29); // 2.9 px at scale 10: no spoke
  w.addBall(5, 0, 0.3); // 3 px: a spoke
  const { ctx, calls } = recorder();
  const caps = [];
  const stroke = ctx.stroke;
  ctx.stroke = (...a) => {
    caps.push(ctx.lineCap);
    stroke(...a);
  };
  assert.equal(drawWorld(ctx, w, { scale: 10, originX: 100, originY: 100 }), 2, 'both are drawn');
  assert.deepEqual(arcs(calls).map((a) => [a.x, a.op]), [[100, 'fill'], [150, 'fill']]);
  const spokes = strokes(calls);
  assert.deepEqual(spokes.map((k) => [k.from, k.to.map((v) => Math.round(v * 1e4) / 1e4)]), [[[150, 100], [153, 100]]], 'one spoke, on the 3 px ball');
  assert.deepEqual(caps, ['butt'], 'the spoke ends on the rim');
});

test('drawWorld: joints are lines under the balls, from the ball to the other end; a drag joint dashed; jointColor', () => {
  const w = new World({ ballCapacity: 4, gravityY: 0 });
  const a = w.addBall(1, 2, 0.5), b = w.addBall(4, 2, 0.5), c = w.addBall(7, 2, 0.5);
  w.addDistanceJoint(b, a);
  w.addDistanceJoint(a, { x: 1, y: 5 }, { maxLength: 4 });
  const drag = w.addDragJoint(c, 9, 4);
  const { ctx, calls } = recorder();
  drawWorld(ctx, w, { scale: 10, originX: 0, originY: 200, jointColor: '#00000a' });
  const joints = strokes(calls).filter((k) => k.color === '#00000a');
  assert.deepEqual(joints.map((k) => [k.from, k.to, k.width, k.dash]), [
    [[40, 180], [10, 180], 1.5, ''],
    [[10, 180], [10, 150], 1.5, ''],
    [[70, 180], [90, 160], 1.5, '3,3'],
  ]);
  const firstJoint = calls.findIndex((k) => k[0] === 'moveTo' && k[1] === 40);
  const firstBall = calls.findIndex((k) => k[0] === 'arc');
  assert.ok(firstJoint >= 0 && firstJoint < firstBall, 'under the balls');
  w.removeJoint(drag);
  const d = recorder();
  drawWorld(d.ctx, w, { scale: 10, originX: 0, originY: 200 });
  assert.equal(strokes(d.calls).filter((k) => k.color === '#8a4fa0').length, 2, 'the default colour; a removed joint is not drawn');
  assert.throws(() => drawWorld(recorder().ctx, w, { jointColor: 5 }), { name: 'TypeError', message: /options\.jointColor must be a CSS colour string/ });
  w.destroy();
});

test('drawWorld: a revolute joint is a line from each end\'s centre to the pin and a ring at the pin, over the capsule bodies', () => {
  const w = new World({ gravityY: 0 });
  const c = w.addCapsuleBody(2, 5, 1, 0.2), d = w.addCapsuleBody(5, 5, 1, 0.2);
  w.addRevoluteJoint(d, c, 3.5, 5);
  w.addRevoluteJoint(c, null, 1, 5);
  const { ctx, calls } = recorder();
  drawWorld(ctx, w, { scale: 10, originX: 0, originY: 200, jointColor: '#00000b' });
  const lines = strokes(calls).filter((k) => k.color === '#00000b').map((k) => [k.from, k.to]);
  // joint 0: d's centre (50, 150) to the pin (35, 150), c's centre (20, 150) to it; joint 1: c's centre to (10, 150), the world point to itself
  assert.deepEqual(lines, [[[50, 150], [35, 150]], [[20, 150], [35, 150]], [[20, 150], [10, 150]], [[10, 150], [10, 150]]]);
  const rings = arcs(calls).filter((k) => k.color === '#00000b' && k.op === 'stroke');
  assert.deepEqual(rings.map((k) => [k.x, k.y]), [[35, 150], [35, 150], [10, 150], [10, 150]]);
  const lastBody = calls.findLastIndex((k) => k[0] === 'lineTo' && k[1] === 60); // d's core end (6, 5)
  const firstRing = calls.findIndex((k) => k[0] === 'arc' && k[1] === 35);
  assert.ok(lastBody >= 0 && firstRing > lastBody, 'rings over the bodies');
  w.destroy();
});
