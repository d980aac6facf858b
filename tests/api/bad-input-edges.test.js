// The JS API's last bad-input edges (issue 14, part 2): result objects that
// cannot be written, views kept across reserve()/destroy(), reserve() after
// an overflowed query, options read before anything else, init() options
// after a load, misspelt options, Proxies of sets, messages. Property tests
// (fast-check) run every public function and method that takes a result, an
// options object or a set against unwritable results, re-entrant getters and
// setters, and stale views, and check that nothing the caller holds changed
// on a rejected call.
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as api from 'capsule2d';

const {
  init, CircleSet, CapsuleSet, ContactBuffer, IndexBuffer, RayBatch, SweepBatch, World,
  findCapsuleCircleContacts, findCircleContacts, allPairsCapsuleCircle, queryCircle, queryBox,
  rayCastClosest, sweepCircleClosest, castRays, sweepCircles, createContact, collideCircles, pushOut,
} = api;

await init();

// Every function with a `result`, with arguments that hit (and ones that miss).
function scalarCases() {
  const caps = new CapsuleSet(4);
  caps.add(0, 0, 4, 0, 0.5);
  const buf = new ContactBuffer(4), circles = new CircleSet(4);
  circles.add(1, 0.5, 0.5);
  findCapsuleCircleContacts(caps, circles, buf);
  return [
    ['closestPointOnSegment', (r) => api.closestPointOnSegment(0, 0, 4, 0, 1, 1, r), ['x', 'y', 't']],
    ['collideCapsuleCircle', (r) => api.collideCapsuleCircle(0, 0, 4, 0, 0.5, 1, 0.5, 0.5, r), ['nx', 'depth', 'coreY']],
    ['closestPointsOnSegments', (r) => api.closestPointsOnSegments(0, 0, 4, 0, 0, 1, 4, 1, r), ['x1', 'distance']],
    ['collideCircles', (r) => api.collideCircles(0, 0, 1, 1.5, 0.5, 1, r), ['nx', 'ny', 'depth']],
    ['collideSegmentCircle', (r) => api.collideSegmentCircle(0, 0, 4, 0, 1, 0.5, 1, r), ['nx', 'pointX']],
    ['collideLineCircle', (r) => api.collideLineCircle(0, 0, 4, 0, 1, 0.5, 1, r), ['nx', 'distance']],
    ['collideCapsules', (r) => api.collideCapsules(0, 0, 4, 0, 0.5, 0, 0.5, 4, 0.5, 0.5, r), ['count', 'core2Y']],
    ['pushOut', (r) => pushOut({ nx: 0, ny: 1, depth: 0.5 }, r), ['x', 'y']],
    ['capsuleFromAxis', (r) => api.capsuleFromAxis(0, 0, 1, 0, 2, 0.5, r), ['ax', 'radius']],
    ['capsuleFromAngle', (r) => api.capsuleFromAngle(0, 0, 0, 2, 0.5, r), ['bx', 'radius']],
    ['rayCastCircle', (r) => api.rayCastCircle(0, 0, 1, -5, 0, 10, 0, 1, r), ['fraction', 'startsInside']],
    ['rayCastSegment', (r) => api.rayCastSegment(0, -1, 0, 1, -5, 0, 10, 0, 1, r), ['fraction', 'nx']],
    ['rayCastCapsule', (r) => api.rayCastCapsule(0, -1, 0, 1, 0.5, -5, 0, 10, 0, 1, r), ['fraction', 'y']],
    ['sweepCircleCircle', (r) => api.sweepCircleCircle(0, 0, 1, -5, 0, 5, 0, 0.5, r), ['t', 'pointX']],
    ['sweepCircleSegment', (r) => api.sweepCircleSegment(0, -1, 0, 1, -5, 0, 5, 0, 0.5, r), ['t', 'startsInside']],
    ['sweepCircleCapsule', (r) => api.sweepCircleCapsule(0, -1, 0, 1, 0.5, -5, 0, 5, 0, 0.5, r), ['t', 'ny']],
    ['rayCastClosest', (r) => rayCastClosest(caps, 1, 5, 0, -10, 1, r), ['index', 'fraction']],
    ['sweepCircleClosest', (r) => sweepCircleClosest(caps, 1, 5, 1, -5, 0.25, r), ['index', 't', 'pointY']],
    ['ContactBuffer.get', (r) => buf.get(0, r), ['a', 'b', 'depth']],
  ];
}
const CASES = scalarCases();

const snapshot = (o) => JSON.stringify(Object.getOwnPropertyNames(o).map((k) => [k, Object.getOwnPropertyDescriptor(o, k).value]));

test('item 1: a frozen, sealed or read-only result is a TypeError naming result, checked before the query (hit or miss)', () => {
  for (const [name, call, fields] of CASES) {
    const good = call(undefined);
    assert.ok(good, `${name} hits`);
    for (const make of [
      () => Object.freeze({ ...good }),
      () => Object.freeze({}),
      () => Object.seal({ ...good, [fields[0]]: 0 }) && Object.defineProperty(Object.seal({ ...good }), fields[0], { writable: false }),
      () => Object.preventExtensions({}),
      () => Object.preventExtensions(Object.defineProperty({ ...good }, fields[fields.length - 1], { get: () => 1 })),
    ]) {
      const r = make();
      const before = snapshot(r);
      assert.throws(() => call(r), (e) => {
        assert.equal(e.name, 'TypeError', `${name}: ${e.message}`);
        assert.match(e.message, /^result\.\w+ cannot be written/, name);
        return true;
      });
      assert.equal(snapshot(r), before, `${name}: result unchanged`);
    }
  }
  // the example
  assert.throws(() => collideCircles(0, 0, 1, 1.5, 0.5, 1, Object.freeze(createContact())), { name: 'TypeError', message: /result\.nx/ });
  // a miss with a frozen result is the same error: a bug does not hide until the first hit
  assert.throws(() => collideCircles(0, 0, 1, 9, 0, 1, Object.freeze(createContact())), { name: 'TypeError', message: /result\.nx/ });
});

test('item 1: a read-only field, a throwing getter or setter: TypeError naming result.<field>, result left as it was', () => {
  for (const [name, call, fields] of CASES) {
    const good = call(undefined);
    for (const field of fields) {
      const variants = [
        Object.defineProperty({ ...good }, field, { value: 123, writable: false, enumerable: true, configurable: true }),
        Object.defineProperty({ ...good }, field, { get: () => 123, set() { throw new Error('nope'); }, enumerable: true, configurable: true }),
        Object.defineProperty({ ...good }, field, { get() { throw new Error('no read'); }, set() {}, enumerable: true, configurable: true }),
        Object.create(Object.defineProperty({}, field, { value: 1, writable: false })),
      ];
      for (const r of variants) {
        for (const k of Object.keys(good)) if (k !== field && !(k in r)) r[k] = -1;
        const before = snapshot(r);
        assert.throws(() => call(r), (e) => {
          assert.equal(e.name, 'TypeError', `${name}.${field}: ${e.message}`);
          assert.match(e.message, new RegExp(`^result\\.${field} (cannot|could not) be`), `${name}: ${e.message}`);
          return true;
        });
        assert.equal(snapshot(r), before, `${name}.${field}: result unchanged`);
      }
    }
  }
});

test('item 1: a setter that runs another query does not change what the outer call writes', () => {
  for (const [name, call] of CASES) {
    const want = call(undefined);
    const keys = Object.keys(want);
    const r = {};
    let inner = 0;
    for (const k of keys) {
      let v = 0;
      Object.defineProperty(r, k, {
        get: () => v,
        set: (x) => {
          v = x;
          if (inner++ < 3) {
            api.collideCircles(5, 5, 3, 6, 6, 3); // overwrites the module's result block
            api.rayCastCircle(0, 0, 1, -7, 3, 10, -1, 1);
          }
        },
        enumerable: true,
      });
    }
    call(r);
    const got = Object.fromEntries(keys.map((k) => [k, r[k]]));
    assert.deepEqual(got, want, name);
  }
});

test('property: random result objects (frozen, sealed, read-only, accessors, Proxies, re-entrant setters) are written whole or left unchanged', () => {
  const behaviour = fc.constantFrom('plain', 'readonly', 'throwSet', 'throwGet', 'reenter', 'proxyRefuse', 'frozen', 'sealedMissing');
  let runs = 0;
  fc.assert(
    fc.property(fc.integer({ min: 0, max: CASES.length - 1 }), fc.array(behaviour, { minLength: 1, maxLength: 13 }), (c, kinds) => {
      runs++;
      const [name, call] = CASES[c];
      const want = call(undefined);
      const keys = Object.keys(want);
      let target = {};
      const log = {};
      keys.forEach((k, i) => {
        const kind = kinds[i % kinds.length];
        const d = { enumerable: true, configurable: true };
        if (kind === 'readonly') Object.defineProperty(target, k, { ...d, value: -1, writable: false });
        else if (kind === 'throwSet') Object.defineProperty(target, k, { ...d, get: () => -1, set() { throw new RangeError('x'); } });
        else if (kind === 'throwGet') Object.defineProperty(target, k, { ...d, get() { throw new Error('g'); }, set() {} });
        else if (kind === 'reenter') {
          log[k] = -1;
          Object.defineProperty(target, k, { ...d, get: () => log[k], set: (v) => { api.collideCircles(0, 0, 7, 1, 1, 7); log[k] = v; } });
        } else target[k] = -1;
      });
      const first = kinds[0];
      if (first === 'frozen') Object.freeze(target);
      if (first === 'sealedMissing') {
        delete target[keys[keys.length - 1]];
        Object.seal(target);
      }
      if (first === 'proxyRefuse') target = new Proxy(target, { set: () => false });
      const read = () => keys.map((k) => { try { return target[k]; } catch { return 'throws'; } });
      const before = read();
      let threw = null;
      try {
        call(target);
      } catch (e) {
        threw = e;
      }
      if (threw) {
        assert.equal(threw.name, 'TypeError', threw.message);
        assert.match(threw.message, /^result\./);
        assert.deepEqual(read(), before, `${name}: unchanged`);
      } else {
        assert.deepEqual(read(), keys.map((k) => want[k]), `${name}: written whole`);
      }
    }),
    { numRuns: 2000, seed: 14 },
  );
  assert.equal(runs, 2000);
});

test('item 2: a view kept across reserve() or destroy() is detached and never shows or changes another object', () => {
  const s = new CircleSet(64);
  for (let i = 0; i < 10; i++) s.add(i, i, 1);
  const v = s.x;
  s.reserve(128);
  const s2 = new CircleSet(64);
  for (let i = 0; i < 10; i++) s2.add(100 + i, 0, 1);
  v[0] = -777;
  assert.equal(v.length, 0, 'detached');
  assert.equal(v[0], undefined);
  assert.equal(s2.x[0], 100);
  assert.equal(s.x[0], 0);
  const w = s2.y;
  s2.destroy();
  const s3 = new CircleSet(64);
  s3.add(5, 6, 1);
  w[0] = -1;
  assert.equal(w.length, 0);
  assert.equal(s3.y[0], 6);
  // the same for every kind of set and buffer, and for the world's views
  for (const [make, field] of [
    [() => new CapsuleSet(8), 'ax'], [() => new ContactBuffer(8), 'nx'], [() => new IndexBuffer(8), 'index'],
    [() => new RayBatch(8), 'ox'], [() => new SweepBatch(8), 'x0'],
  ]) {
    const o = make();
    const kept = o[field];
    o.reserve(64);
    assert.equal(kept.length, 0, `${field} after reserve`);
    const kept2 = o[field];
    o.destroy();
    assert.equal(kept2.length, 0, `${field} after destroy`);
  }
  const world = new World({ ballCapacity: 2 });
  world.addBall(0, 0, 1);
  const bx = world.balls.x;
  world.addBall(1, 0, 1);
  world.addBall(2, 0, 1); // beyond ballCapacity: the arrays move
  assert.equal(bx.length, 0, 'world view after the arrays moved');
  assert.equal(world.balls.x[2], 2);
  const by = world.balls.y;
  world.destroy();
  assert.equal(by.length, 0, 'world view after destroy');
});

test('item 2: reserve() that does not move the arrays keeps the views live', () => {
  const s = new CircleSet(64);
  const v = s.x;
  s.reserve(10);
  assert.equal(v.length, 64);
  assert.equal(v, s.x, 'the same view');
});

test('property: views kept across random reserve/destroy/create sequences never show or change a live object', () => {
  let runs = 0;
  fc.assert(
    fc.property(
      fc.array(fc.record({ op: fc.constantFrom('create', 'reserve', 'destroy', 'write'), k: fc.nat(7), n: fc.integer({ min: 1, max: 300 }) }), { minLength: 1, maxLength: 25 }),
      (ops) => {
        runs++;
        const live = [], kept = [];
        let tag = 1;
        for (const { op, k, n } of ops) {
          if (op === 'create' || live.length === 0) {
            const s = new CircleSet(n);
            const id = tag++;
            s.add(id, id, 1);
            live.push({ s, id });
          } else if (op === 'reserve') {
            const { s } = live[k % live.length];
            kept.push(s.x, s.y); // kept across reserve: stale
            s.reserve(n + s.capacity);
          } else if (op === 'destroy') {
            const [o] = live.splice(k % live.length, 1);
            kept.push(o.s.x, o.s.y); // kept across destroy: stale
            o.s.destroy();
          } else {
            for (const v of kept) v[0] = -5; // writes through every stale view
          }
        }
        for (const v of kept) assert.equal(v.length, 0, 'a stale view is detached');
        for (const o of live) {
          assert.equal(o.s.x[0], o.id);
          assert.equal(o.s.y[0], o.id);
        }
        for (const o of live) o.s.destroy();
      },
    ),
    { numRuns: 300, seed: 14 },
  );
  assert.equal(runs, 300);
});

test('item 3: reserve() after an overflowed query reports only what was written', () => {
  const circles = new CircleSet(10), out = new ContactBuffer(2);
  for (let i = 0; i < 10; i++) circles.add(i * 0.01, 0, 1);
  assert.equal(findCircleContacts(circles, out), 45);
  assert.ok(out.overflow);
  const firstTwo = [out.get(0), out.get(1)];
  out.reserve(64);
  assert.equal(out.written, 2);
  assert.equal(out.count, 2);
  assert.equal(out.overflow, false);
  assert.deepEqual([out.get(0), out.get(1)], firstTwo);
  assert.throws(() => out.get(2), RangeError);
  const ib = new IndexBuffer(1);
  assert.equal(queryCircle(circles, 0, 0, 1, ib), 10);
  ib.reserve(20);
  assert.equal(ib.written, 1);
  assert.equal(ib.count, 1);
  // a reserve that does not grow changes nothing
  const small = new ContactBuffer(2);
  findCircleContacts(circles, small);
  small.reserve(1);
  assert.equal(small.count, 45);
  assert.ok(small.overflow);
});

test('item 4: options are read and checked first; a getter that destroys an argument gives the destroyed-object error', () => {
  const mk = () => {
    const caps = new CapsuleSet(4), circles = new CircleSet(4), out = new ContactBuffer(4), ib = new IndexBuffer(4);
    caps.add(0, 0, 4, 0, 0.5);
    circles.add(1, 0.5, 0.5);
    circles.add(1.2, 0.5, 0.5);
    return { caps, circles, out, ib };
  };
  const calls = [
    ['findCapsuleCircleContacts', (o, opt) => findCapsuleCircleContacts(o.caps, o.circles, o.out, opt), ['caps', 'circles', 'out']],
    ['allPairsCapsuleCircle', (o, opt) => allPairsCapsuleCircle(o.caps, o.circles, o.out, opt), ['caps', 'circles', 'out']],
    ['findCircleContacts', (o, opt) => findCircleContacts(o.circles, o.out, opt), ['circles', 'out']],
    ['queryCircle', (o, opt) => queryCircle(o.caps, 0, 0, 1, o.ib, opt), ['caps', 'ib']],
    ['queryBox', (o, opt) => queryBox(o.circles, 0, 0, 2, 2, o.ib, opt), ['circles', 'ib']],
  ];
  for (const [name, call, args] of calls) {
    for (const arg of args) {
      const o = mk();
      const opt = { get grow() { o[arg].destroy(); return true; } };
      assert.throws(() => call(o, opt), (e) => {
        assert.equal(e.name, 'RangeError', `${name}/${arg}: ${e.message}`);
        assert.match(e.message, /was destroyed/);
        return true;
      });
    }
  }
  // each getter runs once
  const o = mk();
  let reads = 0;
  findCircleContacts(o.circles, o.out, { get grow() { reads++; return false; } });
  assert.equal(reads, 1);
});

test('item 5: init() after a load still checks its options', async () => {
  await assert.rejects(init({ wasm: 42 }), { name: 'TypeError', message: /options\.wasm.*got number 42/ });
  await assert.rejects(init({ wasm: {} }), { name: 'TypeError', message: /options\.wasm.*got an object/ });
  await assert.rejects(init({ wasm: Promise.resolve(7) }), { name: 'TypeError', message: /options\.wasm.*got number 7/ });
  await assert.rejects(init({ simd: 'yes' }), { name: 'TypeError', message: /options\.simd/ });
  await assert.rejects(init({ wsam: 'x' }), { name: 'TypeError', message: /unknown option "wsam"/ });
  // one option reader for the whole API (check.js readOptions): an array is not an options object
  await assert.rejects(init([]), { name: 'TypeError', message: /^capsule2d: init\(options\): options must be an object, got an array/ });
  await init(); // still fine
  await init({ wasm: new URL('../../dist/capsule2d.wasm', import.meta.url) }); // a good option: checked, then ignored
});

test('item 6: a misspelt batch option is a TypeError naming it', () => {
  const circles = new CircleSet(2), out = new ContactBuffer(2), ib = new IndexBuffer(2), caps = new CapsuleSet(2);
  const before = [out.count, ib.count];
  assert.throws(() => findCircleContacts(circles, out, { grwo: true }), { name: 'TypeError', message: /options: unknown option "grwo" \(known: grow\)/ });
  assert.throws(() => findCapsuleCircleContacts(caps, circles, out, { grow: true, extra: 1 }), { name: 'TypeError', message: /"extra"/ });
  assert.throws(() => allPairsCapsuleCircle(caps, circles, out, { Grow: true }), { name: 'TypeError', message: /"Grow"/ });
  assert.throws(() => queryCircle(circles, 0, 0, 1, ib, { grwo: true }), { name: 'TypeError', message: /"grwo"/ });
  assert.throws(() => queryBox(circles, 0, 0, 1, 1, ib, { grwo: true }), { name: 'TypeError', message: /"grwo"/ });
  assert.throws(() => findCircleContacts(circles, out, []), { name: 'TypeError', message: /options must be an object, got an array/ });
  assert.deepEqual([out.count, ib.count], before);
});

test('item 6: a Proxy of a set, or Object.create(Set.prototype), is a TypeError naming the argument and what was expected', () => {
  const circles = new CircleSet(2), caps = new CapsuleSet(2), out = new ContactBuffer(2), ib = new IndexBuffer(2);
  const fakes = (o, cls) => [new Proxy(o, {}), Object.create(cls.prototype)];
  for (const f of fakes(circles, CircleSet)) {
    assert.throws(() => findCircleContacts(f, out), { name: 'TypeError', message: /^circles must be a CircleSet made with new CircleSet\(capacity\), got an object that only looks like one \(a Proxy/ });
    assert.throws(() => queryCircle(f, 0, 0, 1, ib), { name: 'TypeError', message: /^set must be a CircleSet made with new CircleSet/ });
    assert.throws(() => f.add(0, 0, 1), { name: 'TypeError', message: /^this must be a CircleSet made with new CircleSet/ });
    assert.throws(() => f.x, { name: 'TypeError', message: /^this must be a CircleSet/ });
    assert.throws(() => f.destroyed, { name: 'TypeError', message: /^this must be a CircleSet/ });
  }
  for (const f of fakes(out, ContactBuffer)) {
    assert.throws(() => findCircleContacts(circles, f), { name: 'TypeError', message: /^out must be a ContactBuffer made with/ });
  }
  for (const f of fakes(ib, IndexBuffer)) {
    assert.throws(() => queryCircle(circles, 0, 0, 1, f), { name: 'TypeError', message: /^out must be an IndexBuffer made with new IndexBuffer/ });
  }
  for (const f of fakes(caps, CapsuleSet)) {
    assert.throws(() => rayCastClosest(f, 0, 0, 1, 0), { name: 'TypeError', message: /^capsules must be a CapsuleSet made with/ });
    assert.throws(() => castRays(f, new RayBatch(1)), { name: 'TypeError', message: /^capsules must be a CapsuleSet made with/ });
    assert.throws(() => sweepCircles(f, new SweepBatch(1)), { name: 'TypeError', message: /^capsules must be a CapsuleSet made with/ });
  }
  const world = new World();
  assert.throws(() => new Proxy(world, {}).addBall(0, 0, 1), { name: 'TypeError', message: /^this must be a World made with new World\(\)/ });
  world.destroy();
});

test('item 8: messages describe the value and read correctly', () => {
  const circles = new CircleSet(2);
  assert.throws(() => queryCircle(circles, 0, 0, 1, {}), { message: 'out must be an IndexBuffer, got an object' });
  assert.throws(() => queryCircle(circles, 0, 0, 1, new ContactBuffer(1)), { message: 'out must be an IndexBuffer, got a ContactBuffer' });
  assert.throws(() => findCircleContacts(circles, [1, 2]), { message: 'out must be a ContactBuffer, got an array of length 2' });
  assert.throws(() => findCircleContacts(new Uint32Array(2), null), { message: 'circles must be a CircleSet, got a Uint32Array' });
  assert.throws(() => collideCircles(0, 0, 1, 1, 1, 1, 5), { message: 'result must be an object to write the result into, got number 5' });
  assert.throws(() => pushOut([], {}), { message: /contact\.nx must be a number, got undefined/ });
  assert.throws(() => pushOut('c'), { message: 'contact must be a Contact object, got the string "c"' });
  assert.throws(() => new CircleSet({}), { message: 'capacity must be a number, got an object' });
  assert.throws(() => new World(5), { message: 'World options must be an object, got number 5' });
  for (const e of [() => findCircleContacts(circles, () => 1), () => findCircleContacts(circles, Object.create(null))]) {
    assert.throws(e, (err) => !/\[object /.test(err.message) && /got (the function|a function|an object)/.test(err.message));
  }
});

// In a child process: it fills the module's memory (2 GB) until the next
// allocation fails, then runs queries whose scratch must grow.
const OOM_SCRIPT = `
import { init, CircleSet, CapsuleSet, ContactBuffer, IndexBuffer, findCircleContacts, findCapsuleCircleContacts,
  allPairsCapsuleCircle, queryCircle } from 'capsule2d';
await init();
const small = new CircleSet(10);
for (let i = 0; i < 10; i++) small.add(i * 0.01, 0, 1);
const out = new ContactBuffer(20), ib = new IndexBuffer(4);
findCircleContacts(small, out);
queryCircle(small, 0, 0, 1, ib);
const snap = () => JSON.stringify([out.count, [...out.a], [...out.b], [...out.nx], [...out.depth], ib.count, [...ib.index]]);
const before = snap();
const n = 300000;
const big = new CircleSet(n), caps = new CapsuleSet(n);
for (let i = 0; i < n; i++) { big.add(i * 3, 0, 1); caps.add(i * 3, 5, i * 3 + 1, 5, 0.5); }
const fillers = [];
for (const size of [1 << 22, 1 << 18, 1 << 14, 1 << 10, 1 << 6, 1]) {
  for (;;) {
    try { fillers.push(new CircleSet(size)); } catch (e) { if (!(e instanceof RangeError)) throw e; break; }
  }
}
const results = [];
for (const [name, call] of [
  ['findCircleContacts', () => findCircleContacts(big, out)],
  ['findCapsuleCircleContacts', () => findCapsuleCircleContacts(caps, big, out)],
  ['allPairsCapsuleCircle', () => allPairsCapsuleCircle(caps, big, out)],
  ['queryCircle', () => queryCircle(caps, 0, 0, 1, ib)],
]) {
  let error = null;
  try { call(); } catch (e) { error = e.name + ': ' + e.message; }
  results.push({ name, error, unchanged: snap() === before });
}
console.log(JSON.stringify(results));
`;

test('item 6: a query whose scratch runs out of memory throws and leaves the output buffer (count and contents) as it was', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  mkdirSync(`${root}build`, { recursive: true });
  writeFileSync(`${root}build/oom-edges.mjs`, OOM_SCRIPT);
  const results = JSON.parse(execFileSync(process.execPath, [`${root}build/oom-edges.mjs`], { encoding: 'utf8' }));
  assert.equal(results.length, 4);
  for (const r of results) {
    assert.match(r.error ?? '', /^RangeError: .*out of memory/, r.name);
    assert.ok(r.unchanged, `${r.name}: the buffer is as it was`);
  }
});

// ---- property tests over option objects with re-entrant getters ----------

// An error the API may throw on bad input, or the getter's own error passed
// through; never a trap, never an engine message about our internals.
function acceptable(e) {
  if (e?.message === 'getter says no') return true;
  if (!(e instanceof TypeError || e instanceof RangeError)) return false;
  return !/private member|Cannot read propert|is not a function|undefined is not|out of bounds|detached/.test(e.message);
}

function batchScene() {
  const caps = new CapsuleSet(8), circles = new CircleSet(16), other = new CircleSet(4);
  const out = new ContactBuffer(6), ib = new IndexBuffer(3);
  for (let j = 0; j < 8; j++) caps.add(j, 0, j + 0.5, 0, 0.3);
  for (let i = 0; i < 16; i++) circles.add(i * 0.5, 0.4, 0.3);
  for (let i = 0; i < 4; i++) other.add(i * 0.1, 9, 1);
  return { caps, circles, other, out, ib };
}

const BATCH_CALLS = [
  ['findCapsuleCircleContacts', (s, o) => findCapsuleCircleContacts(s.caps, s.circles, s.out, o), 'out', ['caps', 'circles', 'out']],
  ['allPairsCapsuleCircle', (s, o) => allPairsCapsuleCircle(s.caps, s.circles, s.out, o), 'out', ['caps', 'circles', 'out']],
  ['findCircleContacts', (s, o) => findCircleContacts(s.circles, s.out, o), 'out', ['circles', 'out']],
  ['queryCircle', (s, o) => queryCircle(s.caps, 2, 0, 3, s.ib, o), 'ib', ['caps', 'ib']],
  ['queryBox', (s, o) => queryBox(s.circles, 0, 0, 5, 1, s.ib, o), 'ib', ['circles', 'ib']],
];

function bufferState(b) {
  if (b.destroyed) return 'destroyed';
  const v = b instanceof ContactBuffer ? [b.a, b.b, b.nx, b.depth] : [b.index];
  return JSON.stringify([b.count, b.capacity, ...v.map((a) => [...a.subarray(0, b.written)])]);
}

const ACTIONS = ['none', 'destroy', 'reserve', 'query', 'nan', 'throw', 'grow-memory', 'read-views'];

function act(action, s, args, which) {
  const name = args[which % args.length];
  switch (action) {
    case 'destroy': s[name].destroy(); break;
    case 'reserve': if (!s[name].destroyed) s[name].reserve(s[name].capacity + 5); break;
    case 'query': if (!s.out.destroyed && !s.other.destroyed) findCircleContacts(s.other, s.out); break;
    case 'nan': if (!s.circles.destroyed) s.circles.x[which % 16] = NaN; break;
    case 'throw': throw new Error('getter says no');
    case 'grow-memory': s.filler = new CircleSet(1 << 18); s.filler.destroy(); break;
    case 'read-views': if (!s.circles.destroyed) s.kept = s.circles.x; break;
    default: break;
  }
}

let optionCases = 0;
test('property: batch options with re-entrant getters (destroy, reserve, query, NaN, throw, memory growth) never trap, and a rejected call leaves the buffer as the getters left it', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: BATCH_CALLS.length - 1 }),
      fc.constantFrom('grow', 'grwo', 'Grow', 'grow '),
      fc.constantFrom(true, false, undefined, 1, 'yes', null),
      fc.constantFrom(...ACTIONS),
      fc.nat(20),
      fc.constantFrom('getter', 'value', 'proxy', 'array', 'none'),
      (c, key, value, action, which, shape) => {
        optionCases++;
        const [name, call, outName, args] = BATCH_CALLS[c];
        const s = batchScene();
        let after = null; // the buffer as the getters left it
        let options;
        const getter = () => {
          act(action, s, args, which);
          after = bufferState(s[outName]);
          return value;
        };
        if (shape === 'getter') options = Object.defineProperty({}, key, { get: getter, enumerable: true });
        else if (shape === 'value') options = { [key]: value };
        else if (shape === 'proxy') options = new Proxy({ [key]: value }, { get: (t, k) => (k === key ? getter() : t[k]) });
        else if (shape === 'array') options = [value];
        else options = undefined;
        const before = bufferState(s[outName]);
        try {
          call(s, options);
        } catch (e) {
          assert.ok(acceptable(e), `${name}: ${e?.name}: ${e?.message}`);
          assert.equal(bufferState(s[outName]), after ?? before, `${name}: a rejected call changed the buffer`);
          return;
        }
        // accepted: the getters ran and left the arguments usable
        const b = s[outName];
        assert.ok(b.written <= b.capacity);
        assert.ok(key === 'grow' || shape === 'none' || shape === 'array', `${name}: an unknown key "${key}" was accepted`);
      },
    ),
    { numRuns: 1500, seed: 1414 },
  );
  assert.equal(optionCases, 1500);
});

const WORLD_CALLS = [
  ['new World', (w, o) => new World(o), ['gravityY', 'dt', 'subSteps', 'ballCapacity', 'sleep', 'gravtiy']],
  ['addBall', (w, o) => w.addBall(0, 5, 0.5, o), ['vx', 'density', 'restitution', 'category', 'awake', 'mass']],
  ['addCapsule', (w, o) => w.addCapsule(0, 0, 4, 0, 0.5, o), ['friction', 'sensor', 'mask', 'restitution', 'frction']],
  ['addSegment', (w, o) => w.addSegment(0, 0, 4, 0, o), ['friction', 'sensor', 'mask']],
  ['addCircle', (w, o) => w.addCircle(3, 3, 1, o), ['restitution', 'category', 'sensor']],
  ['addLine', (w, o) => w.addLine(-1, -1, 1, -1, o), ['friction', 'sensor']],
  ['drawWorld', (w, o) => api.drawWorld(fakeCtx(), w, o), ['scale', 'originX', 'yUp', 'contacts', 'ballColor', 'scael']],
];

function fakeCtx() {
  const noop = () => {};
  return new Proxy({}, { get: (t, k) => (k in t ? t[k] : noop), set: (t, k, v) => { t[k] = v; return true; } });
}

let worldCases = 0;
test('property: World and drawWorld options with re-entrant getters never trap, and a rejected call leaves the world as the getters left it', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: WORLD_CALLS.length - 1 }),
      fc.nat(10),
      fc.constantFrom(0, 1, -1, 0.5, 1e40, NaN, true, false, 'x', null, undefined, 2 ** 32, 64),
      fc.constantFrom('none', 'destroy', 'addBall', 'step', 'throw', 'grow-memory'),
      fc.boolean(),
      (c, k, value, action, asGetter) => {
        worldCases++;
        const [name, call, keys] = WORLD_CALLS[c];
        const key = keys[k % keys.length];
        const w = new World({ ballCapacity: 2 });
        w.addSegment(-10, 0, 10, 0);
        w.addBall(0, 1, 0.5);
        const state = () => (w.destroyed ? 'destroyed' : `${w.balls.live}:${w.stateHash()}:${w.statics().length}`);
        let after = null;
        const getter = () => {
          if (action === 'destroy') w.destroy();
          else if (action === 'addBall' && !w.destroyed) w.addBall(2, 2, 0.25);
          else if (action === 'step' && !w.destroyed) w.step();
          else if (action === 'throw') throw new Error('getter says no');
          else if (action === 'grow-memory') new CircleSet(1 << 18).destroy();
          after = state();
          return value;
        };
        const o = asGetter ? Object.defineProperty({}, key, { get: getter, enumerable: true }) : { [key]: value };
        const before = state();
        let made;
        try {
          made = call(w, o);
        } catch (e) {
          assert.ok(acceptable(e), `${name}.${key} = ${String(value)}: ${e?.name}: ${e?.message}`);
          assert.equal(state(), after ?? before, `${name}: a rejected call changed the world`);
          return;
        }
        if (made instanceof World) made.destroy();
        assert.ok(!w.destroyed || name === 'new World', `${name} succeeded on a destroyed world`);
      },
    ),
    { numRuns: 1500, seed: 1415 },
  );
  assert.equal(worldCases, 1500);
});

let viewCases = 0;
test('property: views of every kind of object, kept across reserve/destroy/growth of any object, are detached or still their own object\'s', () => {
  const kinds = [
    [() => new CircleSet(4), (o) => o.x, (o, v) => o.add(v, v, 1)],
    [() => new CapsuleSet(4), (o) => o.ax, (o, v) => o.add(v, 0, v, 1, 1)],
    [() => new RayBatch(4), (o) => o.ox, (o, v) => o.add(v, 0, 1, 0)],
    [() => new SweepBatch(4), (o) => o.x0, (o, v) => o.add(v, 0, 1, 0, 1)],
  ];
  fc.assert(
    fc.property(
      fc.array(fc.record({ op: fc.constantFrom('create', 'reserve', 'destroy', 'write', 'grow-memory', 'world'), k: fc.nat(11), n: fc.integer({ min: 1, max: 200 }) }), { minLength: 1, maxLength: 20 }),
      (ops) => {
        viewCases++;
        const live = [], stale = [];
        let tag = 1;
        const world = new World({ ballCapacity: 1 });
        let balls = 0;
        for (const { op, k, n } of ops) {
          if (op === 'create' || live.length === 0) {
            const [make, view, add] = kinds[k % kinds.length];
            const o = make();
            const id = tag++;
            add(o, id);
            live.push({ o, id, view });
          } else if (op === 'reserve') {
            const e = live[k % live.length];
            stale.push(e.view(e.o));
            e.o.reserve(e.o.capacity + n);
          } else if (op === 'destroy') {
            const [e] = live.splice(k % live.length, 1);
            stale.push(e.view(e.o));
            e.o.destroy();
          } else if (op === 'grow-memory') {
            new CircleSet(1 << 18).destroy();
          } else if (op === 'world') {
            const full = world.balls.slotCount >= world.balls.capacity; // the add moves the arrays
            const v = world.balls.x;
            world.addBall(balls, 50, 0.5);
            if (full) stale.push(v);
            else assert.equal(v[balls], balls, 'a world view kept across an add that fits is live');
            balls++;
          } else {
            for (const v of stale) v[0] = -5;
          }
        }
        for (const v of stale) assert.equal(v.length, 0, 'a view kept across reserve/destroy/growth is detached');
        for (const e of live) assert.equal(e.view(e.o)[0], e.id);
        for (let i = 0; i < balls; i++) assert.equal(world.balls.x[i], i);
        for (const e of live) e.o.destroy();
        world.destroy();
      },
    ),
    { numRuns: 300, seed: 1416 },
  );
  assert.equal(viewCases, 300);
});

test('errors.js: one description of values and one mapping of C status codes, used by every module', async () => {
  const errors = await import('../../src/js/errors.js');
  const { describe: d, withArticle, statusError } = errors;
  assert.equal(d(null), 'null');
  assert.equal(d(undefined), 'undefined');
  assert.equal(d({}), 'an object');
  assert.equal(d(Object.create(null)), 'an object');
  assert.equal(d([1, 2, 3]), 'an array of length 3');
  assert.equal(d('3'), 'the string "3"');
  assert.equal(d(NaN), 'number NaN');
  assert.equal(d(5n), 'bigint 5n');
  assert.equal(d(Symbol('s')), 'a symbol (Symbol(s))');
  assert.equal(d(() => 1), 'a function');
  assert.equal(d(new IndexBuffer(1)), 'an IndexBuffer');
  assert.equal(d(new Uint32Array(1)), 'a Uint32Array');
  assert.equal(d(new Int32Array(1)), 'an Int32Array');
  assert.equal(d(new Map()), 'a Map');
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  assert.equal(d(revocable.proxy), 'an object (a revoked Proxy?)');
  assert.equal(d(new Proxy({}, { getPrototypeOf() { throw new Error('trap'); } })), 'an object (a revoked Proxy?)');
  assert.equal(withArticle('ContactBuffer'), 'a ContactBuffer');
  assert.equal(withArticle('object'), 'an object');
  assert.equal(withArticle('Uint8Array'), 'a Uint8Array');
  for (const [rc, type] of [[errors.NO_MEMORY, RangeError], [errors.BAD_HANDLE, RangeError], [errors.BAD_VALUE, RangeError],
    [errors.ZERO_DIRECTION, RangeError], [errors.BAD_RAY, RangeError], [errors.DEGENERATE, RangeError], [errors.BAD_ARGUMENT, Error], [-99, Error]]) {
    const e = statusError(rc, 'someCall');
    assert.ok(e instanceof type, `${rc}`);
    assert.match(e.message, /someCall/);
  }
  // no other module has its own describe() or status table
  const { readdirSync, readFileSync } = await import('node:fs');
  const dir = new URL('../../src/js/', import.meta.url);
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.js') && n !== 'errors.js')) {
    const text = readFileSync(new URL(f, dir), 'utf8');
    assert.doesNotMatch(text, /function (describe|kindOf)\(/, `${f} has its own describe()`);
    assert.doesNotMatch(text, /const (BAD_VALUE|NO_MEMORY|BAD_HANDLE) = -/, `${f} has its own status codes`);
    assert.doesNotMatch(text, /toString\.call\(value\)/, `${f} describes values as [object ...]`);
  }
});
