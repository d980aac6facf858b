// The `result` argument, checked the strict way for every function that takes
// one (README, "Results"): a hit fills the caller's object and returns it
// (other keys kept); a miss returns null and leaves the object exactly as it
// was, compared whole, after a *different* hit made by another call (so a
// function that copied the last hit's numbers into `result` on a miss would
// change it); a call that throws leaves it as it was too. The list is checked
// against the .d.ts files: a new function with a `result` must be added here.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as api from 'capsule2d';

const {
  init, closestPointOnSegment, closestPointsOnSegments, collideCircles, collideCapsuleCircle, collideSegmentCircle,
  collideLineCircle, collideCapsules, pushOut, capsuleFromAxis, capsuleFromAngle, rayCastCircle, rayCastSegment,
  rayCastCapsule, sweepCircleCircle, sweepCircleSegment, sweepCircleCapsule, rayCastClosest, sweepCircleClosest,
  CapsuleSet, CircleSet, ContactBuffer, findCircleContacts,
} = api;

await init();

const MARK = Object.freeze({ marker: 'kept', extra: [1, 2] });
const marked = () => ({ marker: MARK.marker, extra: MARK.extra });

// Three capsules for the closest-hit queries: hits on 0 and on 2, misses below.
const capsules = new CapsuleSet(3);
capsules.add(10, 0, 10, 4, 0.5);
capsules.add(30, 30, 31, 30, 0.25);
capsules.add(-6, -1, -6, 3, 1);

// [name, fn, hitA, hitB, miss, bad]: argument lists (without `result`); hitA
// and hitB give different hits, miss gives null, bad throws.
const HIT_OR_MISS = [
  ['collideCircles', collideCircles, [0, 0, 1, 1.5, 0, 1], [2, 3, 2, 2.5, 5, 1.5], [0, 0, 1, 5, 0, 1], [0, 0, 1, 5, 0, -1]],
  ['collideCapsuleCircle', collideCapsuleCircle, [0, 0, 10, 0, 1, 4, 1.5, 1], [-3, 2, -3, 9, 0.5, -2, 5, 1], [0, 0, 10, 0, 1, 4, 9, 1], [0, 0, 10, 0, -1, 4, 1.5, 1]],
  ['collideSegmentCircle', collideSegmentCircle, [0, 0, 6, 0, 3, -0.5, 1], [1, 1, 1, 7, 1.5, 2, 2], [0, 0, 6, 0, 3, -5, 1], [0, 0, 6, 0, 3, NaN, 1]],
  ['collideLineCircle', collideLineCircle, [0, 0, 2, 0, 5, -0.5, 1], [0, 0, 1, 1, 3, 2, 2], [0, 0, 2, 0, 5, -5, 1], [1, 1, 1, 1, 5, -0.5, 1]],
  ['collideCapsules', collideCapsules, [0, 0, 4, 0, 0.5, 2, -1, 2, 3, 0.5], [0, 0, 10, 0, 1, 4, 1.5, 12, 1.5, 1], [0, 0, 4, 0, 0.5, 2, 5, 2, 9, 0.5], [0, 0, 4, 0, 0.5, 2, -1, 2, 3, -0.5]],
  ['rayCastCircle', rayCastCircle, [5, 0, 1, 0, 0, 1, 0, 10], [-3, 7, 2, 0, 0, -1, 2, 10], [5, 0, 1, 0, 0, -1, 0, 10], [5, 0, 1, 0, 0, 0, 0, 10]],
  ['rayCastSegment', rayCastSegment, [0, -1, 0, 1, -2, 0, 1, 0, 5], [3, 3, 9, 3, 5, 8, 0.5, -1, 10], [0, -1, 0, 1, 5, 5, 1, 0, 10], [0, -1, 0, 1, -2, 0, 1, 0, -1]],
  ['rayCastCapsule', rayCastCapsule, [0, 0, 4, 0, 1, 2, 5, 0, -1, 10], [-5, 2, -5, 6, 0.5, -9, 3, 1, 0.25, 10], [0, 0, 4, 0, 1, 2, 5, 0, 1, 10], [0, 0, 4, 0, -1, 2, 5, 0, -1, 10]],
  ['sweepCircleCircle', sweepCircleCircle, [5, 0, 1, 0, 0, 10, 0, 1], [-2, 6, 0.5, -8, 6.2, 0, 6.2, 0.25], [5, 0, 1, 0, 0, -10, 0, 1], [5, 0, 1, 0, 0, 10, 0, -1]],
  ['sweepCircleSegment', sweepCircleSegment, [-1, 0, 1, 0, 0, 1, 0, -1, 0.1], [4, 4, 8, 6, 6, 0, 6, 9, 0.5], [-1, 0, 1, 0, 0, 1, 0, 5, 0.1], [-1, 0, 1, 0, 0, 1, 0, -1, -0.1]],
  ['sweepCircleCapsule', sweepCircleCapsule, [0, 0, 4, 0, 0.5, 2, 3, 2, -3, 0.5], [-3, -3, -3, 3, 1, -9, 1, -1, 2, 0.75], [0, 0, 4, 0, 0.5, 2, 3, 2, 5, 0.5], [0, 0, 4, 0, 0.5, 2, 3, 2, -3, Infinity]],
  ['rayCastClosest', rayCastClosest, [capsules, 0, 2, 1, 0, 20], [capsules, 0, 1, -1, 0.1, 20], [capsules, 0, -9, 1, 0, 20], [capsules, 0, 2, 1, 0, NaN]],
  ['sweepCircleClosest', sweepCircleClosest, [capsules, 0, 2, 20, 2, 0.5], [capsules, 0, 0, -20, 1, 0.25], [capsules, 0, -9, 20, -9, 0.5], [capsules, 0, 2, 20, 2, -0.5]],
];

// [name, fn, a, b, bad]: functions that always answer (no miss).
const ALWAYS = [
  ['closestPointOnSegment', closestPointOnSegment, [0, 0, 10, 0, 3, 5], [1, 2, 4, 6, -10, -10], [0, 0, 10, 0, 3, '5']],
  ['closestPointsOnSegments', closestPointsOnSegments, [0, 0, 2, 2, 0, 2, 2, 0], [0, 0, 10, 0, 4, 1, 12, 1], [0, 0, 2, 2, 0, 2, 2, NaN]],
  ['pushOut', pushOut, [{ nx: 0, ny: 1, depth: 0.5 }], [{ nx: 0.6, ny: -0.8, depth: 2 }], [{ nx: 0, ny: 1, depth: NaN }]],
  ['capsuleFromAxis', capsuleFromAxis, [1, 2, 0, 5, 4, 0.5], [0, 0, 3, 4, 10, 1], [1, 2, 0, 0, 4, 0.5]],
  ['capsuleFromAngle', capsuleFromAngle, [1, 1, 0, 4, 0.5], [-2, 3, 1, 2, 0.25], [1, 1, 0, -4, 0.5]],
];

const without = (o) => {
  const { marker, extra, ...rest } = o;
  return rest;
};

test('every function with a hit or a miss: result filled on a hit, untouched (compared whole) on a miss after a different hit', () => {
  for (const [name, fn, hitA, hitB, miss, bad] of HIT_OR_MISS) {
    const a = fn(...hitA), b = fn(...hitB);
    assert.ok(a !== null && b !== null, `${name}: hitA and hitB hit`);
    assert.notDeepEqual(a, b, `${name}: the two hits differ`);
    assert.equal(fn(...miss), null, `${name}: miss misses`);
    const r = marked();
    assert.equal(fn(...hitA, r), r, `${name} returns the result object on a hit`);
    assert.deepEqual(r, { ...marked(), ...a }, `${name} fills every field and keeps the caller's keys`);
    const before = structuredClone(r);
    // a different hit through another call, then the miss with `r`
    assert.deepEqual(fn(...hitB), b);
    assert.equal(fn(...miss, r), null, name);
    assert.deepEqual(r, before, `${name} changed result on a miss`);
    // the miss first thing after a hit into another object
    const other = marked();
    fn(...hitB, other);
    assert.equal(fn(...miss, r), null, name);
    assert.deepEqual(r, before, `${name} changed result on a miss after a hit into another object`);
    // a call that throws leaves it alone too
    assert.throws(() => fn(...bad, r), (e) => e instanceof RangeError || e instanceof TypeError, `${name}: bad throws`);
    assert.deepEqual(r, before, `${name} changed result in a call that threw`);
    // and the next hit fills it again, entirely
    assert.equal(fn(...hitB, r), r);
    assert.deepEqual(r, { ...marked(), ...b }, `${name}: the second hit fills every field`);
    assert.deepEqual(without(r), without(other), name);
  }
});

test('functions that always answer: result filled entirely and returned; untouched when the call throws', () => {
  for (const [name, fn, argsA, argsB, bad] of ALWAYS) {
    const a = fn(...argsA), b = fn(...argsB);
    assert.notDeepEqual(a, b, `${name}: the two answers differ`);
    const r = marked();
    assert.equal(fn(...argsA, r), r, name);
    assert.deepEqual(r, { ...marked(), ...a }, name);
    const before = structuredClone(r);
    assert.throws(() => fn(...bad, r), (e) => e instanceof RangeError || e instanceof TypeError, `${name}: bad throws`);
    assert.deepEqual(r, before, `${name} changed result in a call that threw`);
    assert.equal(fn(...argsB, r), r, name);
    assert.deepEqual(r, { ...marked(), ...b }, name);
  }
});

test('ContactBuffer.get(i, result): filled entirely for i < written; untouched when i is out of range', () => {
  const circles = new CircleSet(3), out = new ContactBuffer(4);
  circles.add(0, 0, 1);
  circles.add(1.5, 0, 1);
  circles.add(0.75, 1, 0.5);
  assert.equal(findCircleContacts(circles, out), 3);
  const a = out.get(0), b = out.get(2);
  assert.notDeepEqual(a, b);
  const r = marked();
  assert.equal(out.get(0, r), r);
  assert.deepEqual(r, { ...marked(), ...a });
  const before = structuredClone(r);
  for (const bad of [3, 4, -1, 0.5, NaN]) {
    assert.throws(() => out.get(bad, r), RangeError, `get(${bad})`);
    assert.deepEqual(r, before, `get(${bad}) changed result`);
  }
  assert.throws(() => out.get('1', r), TypeError);
  assert.deepEqual(r, before);
  assert.equal(out.get(2, r), r);
  assert.deepEqual(r, { ...marked(), ...b });
  // after a query that finds fewer contacts, the old index is out of range
  circles.count = 2;
  assert.equal(findCircleContacts(circles, out), 1);
  const kept = structuredClone(r);
  assert.throws(() => out.get(2, r), RangeError);
  assert.deepEqual(r, kept);
});

test('the lists above cover every function declared with a `result` argument', () => {
  const declared = [];
  for (const file of ['query.d.ts', 'batch.d.ts']) {
    const dts = readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8');
    for (const chunk of dts.split(/^export function /m).slice(1)) {
      const name = /^(\w+)/.exec(chunk)[1];
      const sig = chunk.slice(0, chunk.indexOf(';'));
      if (/\bresult\?/.test(sig)) declared.push(name);
    }
  }
  const listed = [...HIT_OR_MISS, ...ALWAYS].map((c) => c[0]);
  assert.deepEqual([...declared].sort(), [...listed].sort());
  const dts = readFileSync(new URL('../../dist/batch.d.ts', import.meta.url), 'utf8');
  assert.match(dts, /get\(i: number, result\?/, 'ContactBuffer.get takes a result (tested above)');
});
