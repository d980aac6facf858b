// The coordinate range (issue 19, blind spot 2): every number capsule2d takes
// lies within ±MAX_COORD (1e38 as a float32), so every difference of two
// coordinates and every sum of two radii is finite. One rule for the scalar
// API, every batch path and the world: at the edge of the range all paths
// agree; beyond it (and for NaN and ±Infinity) a RangeError names the value,
// before anything is written.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  init, MAX_COORD, collideCapsuleCircle, collideCircles, rayCastCapsule, sweepCircleCapsule, closestPointOnSegment,
  CircleSet, CapsuleSet, ContactBuffer, findCapsuleCircleContacts, allPairsCapsuleCircle, findCircleContacts,
  queryCircle, IndexBuffer, rayCastClosest, RayBatch, castRays, World, capsuleFromAngle,
} from 'capsule2d';

await init();
const f = Math.fround;
const beyond = (() => {
  // the next float32 above MAX_COORD
  const b = new DataView(new ArrayBuffer(4));
  b.setFloat32(0, MAX_COORD);
  b.setUint32(0, b.getUint32(0) + 1);
  return b.getFloat32(0);
})();

test('MAX_COORD is 1e38 as a float32, and twice it is still finite', () => {
  assert.equal(MAX_COORD, f(1e38));
  assert.ok(Number.isFinite(f(2 * MAX_COORD)) && Number.isFinite(f(MAX_COORD + MAX_COORD)));
  assert.ok(beyond > MAX_COORD);
});

test('scalar API: the edge of the range is accepted and answers are finite; beyond it is a RangeError naming the argument', () => {
  const c = collideCapsuleCircle(0, -MAX_COORD, 0, MAX_COORD, 0, -MAX_COORD, MAX_COORD, MAX_COORD);
  assert.ok(c !== null && Object.values(c).every(Number.isFinite), 'finite at the edge');
  assert.ok(Object.values(collideCircles(-MAX_COORD, 0, MAX_COORD, MAX_COORD, 0, MAX_COORD)).every(Number.isFinite));
  const p = closestPointOnSegment(-MAX_COORD, -MAX_COORD, MAX_COORD, MAX_COORD, MAX_COORD, -MAX_COORD);
  assert.ok(Object.values(p).every(Number.isFinite));
  const r = rayCastCapsule(0, -MAX_COORD, 0, MAX_COORD, 0, -MAX_COORD, 0, MAX_COORD, 0, 1);
  assert.ok(r !== null && Object.values(r).every((v) => typeof v === 'boolean' || Number.isFinite(v)));
  for (const bad of [beyond, -beyond, 3e38, 3.4e38]) {
    assert.throws(() => collideCapsuleCircle(0, bad, 0, 1, 0, 0, 0, 1), { name: 'RangeError', message: /^ay must be within ±1e38/ });
    assert.throws(() => collideCapsuleCircle(0, 0, 0, 1, Math.abs(bad), 0, 0, 1), { name: 'RangeError', message: /^capsuleRadius must be within ±1e38/ });
    assert.throws(() => rayCastCapsule(0, 0, 1, 0, 0, 0, 5, bad, 0), { name: 'RangeError', message: /^dx must be within/ });
    assert.throws(() => sweepCircleCapsule(0, 0, 1, 0, 0, 0, 5, 0, bad, 1), { name: 'RangeError', message: /^y1 must be within/ });
  }
  for (const bad of [NaN, Infinity, 3.5e38]) {
    assert.throws(() => collideCircles(bad, 0, 1, 0, 0, 1), { name: 'RangeError', message: /^ax must be finite/ });
  }
  // angles and ray lengths are not coordinates: any finite float32
  assert.ok(Number.isFinite(capsuleFromAngle(0, 0, 3e38, 2, 0).bx));
  assert.equal(rayCastCapsule(0, 0, 1, 0, 0.5, -5, 0, 1, 0, 3e38).fraction, 4.5);
});

test("issue 19's example: a capsule from (0, -3e38) to (0, 3e38) is rejected by every batch path, naming it", () => {
  const caps = new CapsuleSet(2);
  const circles = new CircleSet(2);
  assert.throws(() => caps.add(0, -3e38, 0, 3e38, 0), { name: 'RangeError', message: /^ay must be within ±1e38/ });
  // written through the views, the batch calls' own scan rejects it
  caps.add(0, -1, 0, 1, 0);
  caps.ay[0] = -3e38;
  caps.by[0] = 3e38;
  circles.add(1e30, 0, 1e20);
  circles.add(0, 0, 1);
  const out = new ContactBuffer(4);
  out.count; // untouched below
  for (const call of [findCapsuleCircleContacts, allPairsCapsuleCircle]) {
    assert.throws(() => call(caps, circles, out), { name: 'RangeError', message: /^capsules\.ay\[0\] is -3\.0000\d+e\+38 \(must be within ±1e38/ });
    assert.equal(out.count, 0);
  }
  [caps, circles, out].forEach((o) => o.destroy());
});

test('at the edge of the range the grid and all-pairs paths give the same bytes; one float step beyond is rejected', () => {
  const caps = new CapsuleSet(4);
  const circles = new CircleSet(8);
  caps.add(0, -MAX_COORD, 0, MAX_COORD, 0);
  caps.add(-MAX_COORD, -MAX_COORD, MAX_COORD, MAX_COORD, MAX_COORD / 4);
  caps.add(MAX_COORD, 0, MAX_COORD, 0, 0);
  // circles on the long core (radius well above a float step at 1e38,
  // 7.6e30), 1e30 off it, and at the corners
  circles.add(0, 0, 1e32);
  circles.add(1e30, 0, 1e20);
  circles.add(-MAX_COORD, MAX_COORD, MAX_COORD);
  circles.add(MAX_COORD, -MAX_COORD, 1);
  circles.add(MAX_COORD, MAX_COORD, MAX_COORD);
  circles.add(-MAX_COORD, -MAX_COORD, 0);
  const a = new ContactBuffer(64), b = new ContactBuffer(64);
  const n = findCapsuleCircleContacts(caps, circles, a);
  assert.equal(allPairsCapsuleCircle(caps, circles, b), n);
  assert.ok(n >= 5, `${n} contacts`);
  for (const k of ['a', 'b', 'nx', 'ny', 'depth', 'pointX', 'pointY']) {
    assert.deepEqual(Array.from(a[k].subarray(0, n)), Array.from(b[k].subarray(0, n)), k);
    if (k !== 'a' && k !== 'b') assert.ok(Array.from(a[k].subarray(0, n)).every(Number.isFinite), `${k} finite`);
  }
  // the circle on the core is found, 1e30 away is not (within rounding at this scale)
  const pairs = Array.from({ length: n }, (_, i) => `${a.a[i]}-${a.b[i]}`);
  assert.ok(pairs.includes('0-0') && !pairs.includes('0-1'), pairs.join(' '));
  // circle–circle pairs at the edge: finite
  const m = findCircleContacts(circles, a);
  assert.ok(Array.from(a.depth.subarray(0, Math.min(m, 64))).every(Number.isFinite));
  // beyond: rejected by every call, naming set, field and index; nothing written
  circles.x[3] = beyond;
  a.count; b.count;
  for (const call of [
    () => findCapsuleCircleContacts(caps, circles, a), () => allPairsCapsuleCircle(caps, circles, a),
    () => findCircleContacts(circles, a),
  ]) {
    const before = a.count;
    assert.throws(call, { name: 'RangeError', message: /^circles\.x\[3\] is 1\.0000\d+e\+38 \(must be within ±1e38/ });
    assert.equal(a.count, before);
  }
  circles.x[3] = MAX_COORD;
  const idx = new IndexBuffer(8);
  assert.throws(() => queryCircle(circles, beyond, 0, 1, idx), { name: 'RangeError', message: /x/ });
  assert.throws(() => rayCastClosest(caps, 0, 0, beyond, 0), { name: 'RangeError', message: /dx/ });
  const rays = new RayBatch(2);
  rays.add(0, 0, 1, 0, 1);
  rays.dy[0] = -beyond;
  assert.throws(() => castRays(caps, rays), { name: 'RangeError', message: /^rays\.dy\[0\] is -1\.0000\d+e\+38 \(must be within ±1e38/ });
  rays.dy[0] = 0;
  rays.maxFraction[0] = 3e38; // a ray length, not a coordinate: accepted
  assert.equal(typeof castRays(caps, rays), 'number');
  [caps, circles, a, b, idx, rays].forEach((o) => o.destroy());
});

test('the world follows the same rule: adds beyond the range and states written beyond it are rejected', () => {
  const w = new World({ ballCapacity: 4 });
  assert.throws(() => w.addBall(beyond, 0, 1), { name: 'RangeError', message: /x must be within ±1e38/ });
  assert.throws(() => w.addCapsule(0, 0, 3e38, 0, 1), { name: 'RangeError', message: /within ±1e38/ });
  const h = w.addBall(0, 0, 1);
  w.balls.x[w.slotOf(h)] = 3e38;
  assert.throws(() => w.step(), { name: 'RangeError', message: /balls\.x\[0\] must be finite and within ±1e38/ });
  w.balls.x[w.slotOf(h)] = 0;
  w.balls.angle[w.slotOf(h)] = 3e38; // an angle: any finite value
  w.step();
  w.destroy();
});
