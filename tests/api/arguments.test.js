// Argument checks of the whole public JS API, driven by one table: every
// argument of every function, method, constructor and setter is listed with
// its kind, and each kind says which values must throw a TypeError (wrong
// type) and which a RangeError (NaN, ±Infinity, float32 overflow, a negative
// radius, a bad capacity or index, ...). Each bad call must throw the right
// error, name the argument (and, for a RangeError, the value) and leave the
// object it was called on as it was (README, "What you can count on"). Rules that are
// not about one argument (A = B lines, zero directions, stale handles, empty
// boxes) are listed after the table. The last tests check the table against
// the exports, so a new function or method must be added here.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as api from 'capsule2d';

const {
  init, MAX_CAPACITY, CircleSet, CapsuleSet, ContactBuffer, IndexBuffer, RayBatch, SweepBatch, World, drawWorld,
} = api;

await init();

// ---- kinds: the bad values of each kind of argument --------------------------
const NOT_NUMBERS = ['1', null, undefined, {}, [1], 1n, true];
const NOT_FINITE = [NaN, Infinity, -Infinity, 3.5e38, -1e39]; // 3.5e38 is finite in JS, Infinity as float32
const NOT_OBJECTS = [5, 'r', null, true];
const int = (lo, hi) => ({
  range: [lo - 1, 1.5, NaN, Infinity, ...(hi === undefined ? [] : [hi + 1])],
  type: ['1', null, undefined, true],
});
const KIND = {
  number: { range: NOT_FINITE, type: NOT_NUMBERS },
  radius: { range: [...NOT_FINITE, -1, -1e-30], type: NOT_NUMBERS }, // >= 0
  positive: { range: [...NOT_FINITE, 0, -1], type: NOT_NUMBERS }, // > 0
  optionalFraction: { range: [NaN, Infinity, -Infinity, 3.5e38, -1], type: ['1', null, {}, true] }, // undefined: the default
  result: { range: [], type: NOT_OBJECTS }, // optional object
  options: { range: [], type: [5, 'x', null, true, { grow: 1 }, { grow: 'yes' }] },
  worldOptions: { range: [], type: [5, 'x', null, true, [], { noSuchOption: 1 }] },
  capacity: { range: [0, -1, 1.5, NaN, Infinity, MAX_CAPACITY + 1], type: ['3', null, undefined, {}] },
  count: { range: [-1, 1.5, NaN, 1e9], type: ['1', null, undefined] },
  index: { range: [-1, 0.5, NaN, 1e9], type: ['0', null, undefined] },
  bits: { range: [-1, 1.5, 2 ** 32, NaN], type: ['1', null, true] },
  bool: { range: [], type: [1, 0, 'true', null] },
  handle: { range: [-1, 0.5, NaN, 2 ** 60], type: ['1', null, undefined, {}] },
  handleOrNull: { range: [-1, 0.5, NaN, 2 ** 60], type: ['1', undefined, {}] }, // null: the world
  angle: { range: [...NOT_FINITE, -4, 4], type: NOT_NUMBERS }, // within [-pi, pi]
  capsules: { range: [], type: () => [{}, [], null, undefined, 5, new CircleSet(1)] },
  circles: { range: [], type: () => [{}, null, undefined, new CapsuleSet(1)] },
  set: { range: [], type: () => [{}, [], null, undefined, new ContactBuffer(1)] },
  contacts: { range: [], type: () => [{}, null, undefined, new IndexBuffer(1)] },
  indices: { range: [], type: () => [{}, null, undefined, new ContactBuffer(1)] },
  rays: { range: [], type: () => [{}, null, new SweepBatch(1)] },
  sweeps: { range: [], type: () => [{}, null, new RayBatch(1)] },
  contact: { range: [], type: [null, undefined, 5, 'c'] },
  ctx: { range: [], type: [null, undefined, {}, 5] },
  world: { range: [], type: [null, {}, new CircleSet(1)] },
  drawOptions: { range: [], type: [5, null, 'x'] },
  drawNumber: { range: [NaN, Infinity, -Infinity], type: [] },
  unit: { range: [...NOT_FINITE, -0.5, 1.5], type: NOT_NUMBERS }, // 0..1
  points: { range: [[0, 0], [0, 0, 1], [0, 0, NaN, 1], [0, 0, 1, 3.5e38]], type: [5, 'x', null, undefined, {}] },
  limit: { range: [NaN, -Infinity, 3.5e38, -1], type: NOT_NUMBERS }, // >= 0 or Infinity (none)
  positiveLimit: { range: [NaN, -Infinity, 3.5e38, 0, -1], type: NOT_NUMBERS }, // > 0 or Infinity (none)
  snapshot: { range: [new Uint8Array(0), new Uint8Array(10)], type: [[1, 2], 'C2DW', null, undefined, new Float32Array(8)] },
};
for (const [lo, hi] of [[1, 64], [1, 1 << 20], [0, 1 << 20]]) KIND[`int${lo}-${hi}`] = int(lo, hi);

// A canvas context that accepts every call.
const fakeCtx = () => new Proxy({}, { get: (t, k) => (k in t ? t[k] : () => {}), set: (t, k, v) => ((t[k] = v), true) });

// ---- the table -------------------------------------------------------------
// { name, params: [[argument name, kind], ...], args: valid arguments,
//   call(...args), state?() (what must not change when a call throws) }
const p = (list) => list.split(' ').map((s) => s.split(':')).map(([n, k]) => [n, k ?? 'number']);

function scalar(name, params) {
  return { name, params: p(params), call: (...a) => api[name](...a) };
}

const TABLE = [
  { ...scalar('closestPointOnSegment', 'ax ay bx by px py result:result'), args: [0, 0, 10, 0, 3, 5, undefined] },
  { ...scalar('closestPointsOnSegments', 'p1x p1y q1x q1y p2x p2y q2x q2y result:result'), args: [0, 0, 2, 2, 0, 2, 2, 0, undefined] },
  { ...scalar('pointInCircle', 'cx cy radius:radius px py'), args: [0, 0, 5, 3, 4] },
  { ...scalar('pointInCapsule', 'ax ay bx by radius:radius px py'), args: [0, 0, 10, 0, 1, 5, 1] },
  { ...scalar('collideCircles', 'ax ay ar:radius bx by br:radius result:result'), args: [0, 0, 1, 1.5, 0, 1, undefined] },
  { ...scalar('collideCapsuleCircle', 'ax ay bx by capsuleRadius:radius cx cy circleRadius:radius result:result'), args: [0, 0, 10, 0, 1, 4, 1.5, 1, undefined] },
  { ...scalar('collideSegmentCircle', 'ax ay bx by cx cy circleRadius:radius result:result'), args: [0, 0, 6, 0, 3, -0.5, 1, undefined] },
  { ...scalar('collideLineCircle', 'ax ay bx by cx cy circleRadius:radius result:result'), args: [0, 0, 2, 0, 5, -0.5, 1, undefined] },
  { ...scalar('lineSignedDistance', 'ax ay bx by px py'), args: [0, 0, 2, 0, 5, 3] },
  { ...scalar('collideCapsules', 'a1x a1y b1x b1y r1:radius a2x a2y b2x b2y r2:radius result:result'), args: [0, 0, 4, 0, 0.5, 2, -1, 2, 3, 0.5, undefined] },
  { ...scalar('pushOut', 'contact:contact result:result'), args: [{ nx: 0, ny: 1, depth: 0.5 }, undefined] },
  { ...scalar('capsuleFromAxis', 'cx cy axisX axisY length:radius radius:radius result:result'), args: [1, 2, 0, 5, 4, 0.5, undefined] },
  { ...scalar('capsuleFromAngle', 'cx cy angle length:radius radius:radius result:result'), args: [1, 1, 0, 4, 0.5, undefined] },
  { ...scalar('rayCastCircle', 'cx cy radius:radius ox oy dx dy maxFraction:optionalFraction result:result'), args: [5, 0, 1, 0, 0, 1, 0, 10, undefined] },
  { ...scalar('rayCastSegment', 'ax ay bx by ox oy dx dy maxFraction:optionalFraction result:result'), args: [0, -1, 0, 1, -2, 0, 1, 0, 5, undefined] },
  { ...scalar('rayCastCapsule', 'ax ay bx by radius:radius ox oy dx dy maxFraction:optionalFraction result:result'), args: [0, 0, 4, 0, 1, 2, 5, 0, -1, 10, undefined] },
  { ...scalar('sweepCircleCircle', 'cx cy circleRadius:radius x0 y0 x1 y1 radius:radius result:result'), args: [5, 0, 1, 0, 0, 10, 0, 1, undefined] },
  { ...scalar('sweepCircleSegment', 'ax ay bx by x0 y0 x1 y1 radius:radius result:result'), args: [-1, 0, 1, 0, 0, 1, 0, -1, 0.1, undefined] },
  { ...scalar('sweepCircleCapsule', 'ax ay bx by capsuleRadius:radius x0 y0 x1 y1 radius:radius result:result'), args: [0, 0, 4, 0, 0.5, 2, 3, 2, -3, 0.5, undefined] },
];

// batch: sets, buffers and calls (fresh objects per table entry)
const circles3 = () => {
  const s = new CircleSet(4);
  s.add(0, 0, 1);
  s.add(1, 0, 1);
  s.add(5, 5, 1);
  return s;
};
const capsules2 = () => {
  const s = new CapsuleSet(4);
  s.add(0, 0, 4, 0, 0.5);
  s.add(0, 3, 4, 3, 0.5);
  return s;
};
const setState = (s) => () => [s.count, s.capacity, ...(s instanceof CapsuleSet ? [...s.ax, ...s.by, ...s.radius] : [...s.x, ...s.y, ...s.radius])];
const bufferState = (b) => () => [b.count, b.capacity];

for (const [cls, make] of [[CircleSet, circles3], [CapsuleSet, capsules2], [ContactBuffer, null], [IndexBuffer, null], [RayBatch, null], [SweepBatch, null]]) {
  TABLE.push({ name: `new ${cls.name}`, params: p('capacity:capacity'), args: [4], call: (c) => new cls(c) });
  const obj = make ? make() : new cls(4);
  TABLE.push({ name: `${cls.name}.reserve`, params: p('capacity:capacity'), args: [8], call: (c) => obj.reserve(c), state: bufferState(obj) });
}
{
  const s = circles3();
  TABLE.push({ name: 'CircleSet.add', params: p('x y radius:radius'), args: [1, 2, 0.5], call: (...a) => { s.add(...a); s.count = 3; }, state: setState(s) });
  TABLE.push({ name: 'CircleSet.set', params: p('i:index x y radius:radius'), args: [1, 1, 2, 0.5], call: (...a) => s.set(...a), state: setState(s) });
  TABLE.push({ name: 'CircleSet.count=', params: p('count:count'), args: [2], call: (v) => { s.count = v; s.count = 3; }, state: setState(s) });
  const k = capsules2();
  TABLE.push({ name: 'CapsuleSet.add', params: p('ax ay bx by radius:radius'), args: [1, 2, 3, 4, 0.5], call: (...a) => { k.add(...a); k.count = 2; }, state: setState(k) });
  TABLE.push({ name: 'CapsuleSet.set', params: p('i:index ax ay bx by radius:radius'), args: [1, 1, 2, 3, 4, 0.5], call: (...a) => k.set(...a), state: setState(k) });
  TABLE.push({ name: 'CapsuleSet.count=', params: p('count:count'), args: [1], call: (v) => { k.count = v; k.count = 2; }, state: setState(k) });
  const out = new ContactBuffer(8), ib = new IndexBuffer(8);
  api.findCircleContacts(s, out);
  api.queryCircle(s, 0, 0, 9, ib);
  TABLE.push({ name: 'ContactBuffer.get', params: p('i:index result:result'), args: [0, undefined], call: (i, r) => out.get(i, r) });
  TABLE.push({ name: 'IndexBuffer.get', params: p('i:index'), args: [0], call: (i) => ib.get(i) });
  const rays = new RayBatch(4), sweeps = new SweepBatch(4);
  TABLE.push({ name: 'RayBatch.add', params: p('ox oy dx dy maxFraction:optionalFraction'), args: [0, 0, 1, 0, 5], call: (...a) => { rays.add(...a); rays.count = 0; }, state: bufferState(rays) });
  TABLE.push({ name: 'RayBatch.count=', params: p('count:count'), args: [1], call: (v) => { rays.count = v; rays.count = 0; }, state: bufferState(rays) });
  TABLE.push({ name: 'SweepBatch.add', params: p('x0 y0 x1 y1 radius:radius'), args: [0, 0, 1, 0, 0.5], call: (...a) => { sweeps.add(...a); sweeps.count = 0; }, state: bufferState(sweeps) });
  TABLE.push({ name: 'SweepBatch.count=', params: p('count:count'), args: [1], call: (v) => { sweeps.count = v; sweeps.count = 0; }, state: bufferState(sweeps) });
  const o = () => new ContactBuffer(8);
  const state = (b) => () => [b.count, ...b.a, ...b.b];
  const r1 = o(), r2 = o(), r3 = o();
  TABLE.push({ name: 'findCapsuleCircleContacts', params: p('capsules:capsules circles:circles out:contacts options:options'), args: [k, s, r1, undefined], call: api.findCapsuleCircleContacts, state: state(r1) });
  TABLE.push({ name: 'allPairsCapsuleCircle', params: p('capsules:capsules circles:circles out:contacts options:options'), args: [k, s, r2, undefined], call: api.allPairsCapsuleCircle, state: state(r2) });
  TABLE.push({ name: 'findCircleContacts', params: p('circles:circles out:contacts options:options'), args: [s, r3, undefined], call: api.findCircleContacts, state: state(r3) });
  const i1 = new IndexBuffer(8), i2 = new IndexBuffer(8);
  const istate = (b) => () => [b.count, ...b.index];
  TABLE.push({ name: 'queryCircle', params: p('set:set x y radius:radius out:indices options:options'), args: [k, 0, 0, 2, i1, undefined], call: api.queryCircle, state: istate(i1) });
  TABLE.push({ name: 'queryBox', params: p('set:set minX minY maxX maxY out:indices options:options'), args: [s, 0, 0, 2, 2, i2, undefined], call: api.queryBox, state: istate(i2) });
  TABLE.push({ name: 'rayCastClosest', params: p('capsules:capsules ox oy dx dy maxFraction:optionalFraction result:result'), args: [k, -5, 0, 1, 0, 20, undefined], call: api.rayCastClosest });
  TABLE.push({ name: 'sweepCircleClosest', params: p('capsules:capsules x0 y0 x1 y1 radius:radius result:result'), args: [k, -5, 0, 5, 0, 0.5, undefined], call: api.sweepCircleClosest });
  const rb = new RayBatch(2), sb = new SweepBatch(2);
  rb.add(-5, 0, 1, 0, 20);
  sb.add(-5, 0, 5, 0, 0.5);
  TABLE.push({ name: 'castRays', params: p('capsules:capsules rays:rays'), args: [k, rb], call: api.castRays });
  TABLE.push({ name: 'sweepCircles', params: p('capsules:capsules sweeps:sweeps'), args: [k, sb], call: api.sweepCircles });
}

// the world
{
  const world = new World({ ballCapacity: 8 });
  let ball = world.addBall(0, 5, 0.5);
  let wall = world.addSegment(-5, 0, 5, 0);
  const wstate = () => [world.balls.slotCount, world.balls.live, world.statics().length, world.stateHash()];
  const add = (method, params, args) => TABLE.push({
    name: `World.${method}`, params: p(params), args, state: wstate,
    call: (...a) => {
      const h = world[method](...a);
      if (method === 'addBall') world.removeBall(h);
      else world.removeStatic(h);
    },
  });
  add('addBall', 'x y radius:positive options:worldOptions', [1, 2, 0.5, undefined]);
  add('addCapsule', 'ax ay bx by radius:radius options:worldOptions', [0, 0, 1, 0, 0.5, undefined]);
  add('addSegment', 'ax ay bx by options:worldOptions', [0, 0, 1, 0, undefined]);
  add('addCircle', 'x y radius:radius options:worldOptions', [3, 3, 0.5, undefined]);
  add('addLine', 'ax ay bx by options:worldOptions', [0, -9, 1, -9, undefined]);
  // every option of addBall, the statics and the constructor, one table entry each
  const ballOptions = {
    vx: 'number', vy: 'number', angle: 'number', angularVelocity: 'number', gravityScale: 'number', density: 'positive',
    restitution: 'radius', friction: 'radius', rollingResistance: 'radius', linearDamping: 'radius', angularDamping: 'radius',
    category: 'bits', mask: 'bits', awake: 'bool', bullet: 'bool', userData: 'bits',
  };
  const valid = { number: 1, positive: 1, radius: 0.5, bits: 3, bool: true };
  for (const [key, kind] of Object.entries(ballOptions)) {
    TABLE.push({ name: `World.addBall options.${key}`, params: [[`options.${key}`, kind]], args: [valid[kind]], state: wstate,
      call: (v) => world.removeBall(world.addBall(1, 2, 0.5, { [key]: v })) });
  }
  const staticOptions = { restitution: 'radius', friction: 'radius', rollingResistance: 'radius', category: 'bits', mask: 'bits', sensor: 'bool', userData: 'bits' };
  for (const method of ['addCapsule', 'addSegment', 'addCircle', 'addLine']) {
    const args = { addCapsule: [0, 0, 1, 0, 0.5], addSegment: [0, 0, 1, 0], addCircle: [3, 3, 0.5], addLine: [0, -9, 1, -9] }[method];
    for (const [key, kind] of Object.entries(staticOptions)) {
      TABLE.push({ name: `World.${method} options.${key}`, params: [[`options.${key}`, kind]], args: [valid[kind]], state: wstate,
        call: (v) => world.removeStatic(world[method](...args, { [key]: v })) });
    }
  }
  const worldOptions = {
    gravityX: 'number', gravityY: 'number', dt: 'positive', subSteps: 'int1-64', ballCapacity: 'int1-1048576',
    staticCapacity: 'int1-1048576', eventCapacity: 'int0-1048576', unitsPerMeter: 'positive', contactHertz: 'positive',
    staticHertz: 'positive', dampingRatio: 'positive', pushSpeed: 'positive', restitutionThreshold: 'radius',
    hitSpeedThreshold: 'radius', sleepSpeed: 'radius', sleepTime: 'radius', sleep: 'bool',
  };
  const validWorld = { ...valid, 'int1-64': 4, 'int1-1048576': 8, 'int0-1048576': 8 };
  TABLE.push({ name: 'new World', params: p('options:worldOptions'), args: [undefined], call: (o) => new World(o).destroy() });
  for (const [key, kind] of Object.entries(worldOptions)) {
    TABLE.push({ name: `new World options.${key}`, params: [[`options.${key}`, kind]], args: [validWorld[kind]], call: (v) => new World({ [key]: v }).destroy() });
  }
  TABLE.push({ name: 'World.rayCast', params: p('ox oy dx dy maxFraction:optionalFraction'), args: [-3, 5, 1, 0, 10], call: (...a) => world.rayCast(...a), state: wstate });
  TABLE.push({ name: 'World.queryCircle', params: p('x y radius:radius'), args: [0, 5, 1], call: (...a) => world.queryCircle(...a), state: wstate });
  TABLE.push({ name: 'World.queryBox', params: p('x0 y0 x1 y1'), args: [-1, 4, 1, 6], call: (...a) => world.queryBox(...a), state: wstate });
  TABLE.push({ name: 'World.sweepBall', params: p('x0 y0 x1 y1 radius:radius'), args: [-3, 5, 3, 5, 0.25], call: (...a) => world.sweepBall(...a), state: wstate });
  const wrays = new RayBatch(2), wsweeps = new SweepBatch(2);
  wrays.add(-5, 5, 1, 0, 20);
  wsweeps.add(-5, 5, 5, 5, 0.25);
  TABLE.push({ name: 'World.castRays', params: p('rays:rays'), args: [wrays], call: (r) => world.castRays(r), state: wstate });
  TABLE.push({ name: 'World.sweepBalls', params: p('sweeps:sweeps'), args: [wsweeps], call: (s) => world.sweepBalls(s), state: wstate });
  TABLE.push({ name: 'World.hitHandle', params: p('word:index'), args: [0], call: (v) => world.hitHandle(v), state: wstate });
  // handles: the valid argument is the live one (removing and adding again renews it)
  for (const method of ['removeBall', 'wakeBall', 'slotOf', 'hasBall']) {
    TABLE.push({ name: `World.${method}`, params: p('handle:handle'), get args() { return [ball]; }, state: wstate,
      call: (h) => { world[method](h); if (method === 'removeBall') ball = world.addBall(0, 5, 0.5); } });
  }
  TABLE.push({ name: 'World.removeStatic', params: p('handle:handle'), get args() { return [wall]; }, state: wstate,
    call: (h) => { world.removeStatic(h); wall = world.addSegment(-5, 0, 5, 0); } });
  TABLE.push({ name: 'World.ballHandle', params: p('slot:index'), args: [0], call: (s) => world.ballHandle(s), state: wstate });
  // capsule bodies (world-bodies.js): the same rules as the balls'
  // (their own world: the shared one is saved below, and a world with bodies cannot be yet)
  const bw = new World();
  let cbody = bw.addCapsuleBody(0, 8, 0.5, 0.2);
  const bstate = () => [bw.capsuleBodies.slotCount, bw.capsuleBodies.live, bw.stateHash()];
  TABLE.push({ name: 'World.addCapsuleBody', params: p('x y halfLength:radius radius:positive options:worldOptions'),
    args: [1, 2, 0.5, 0.2, undefined], state: bstate, call: (...a) => bw.removeCapsuleBody(bw.addCapsuleBody(...a)) });
  const bodyOptions = {
    angle: 'number', vx: 'number', vy: 'number', angularVelocity: 'number', gravityScale: 'number', density: 'positive',
    restitution: 'radius', friction: 'radius', linearDamping: 'radius', angularDamping: 'radius', category: 'bits', mask: 'bits',
    awake: 'bool', userData: 'bits',
  };
  for (const [key, kind] of Object.entries(bodyOptions)) {
    TABLE.push({ name: `World.addCapsuleBody options.${key}`, params: [[`options.${key}`, kind]], args: [valid[kind]], state: bstate,
      call: (v) => bw.removeCapsuleBody(bw.addCapsuleBody(1, 2, 0.5, 0.2, { [key]: v })) });
  }
  for (const method of ['removeCapsuleBody', 'wakeCapsuleBody', 'capsuleBodySlotOf', 'hasCapsuleBody']) {
    TABLE.push({ name: `World.${method}`, params: p('handle:handle'), get args() { return [cbody]; }, state: bstate,
      call: (h) => { bw[method](h); if (method === 'removeCapsuleBody') cbody = bw.addCapsuleBody(0, 8, 0.5, 0.2); } });
  }
  TABLE.push({ name: 'World.capsuleBodyHandle', params: p('slot:index'), args: [0], call: (s) => bw.capsuleBodyHandle(s), state: bstate });
  // joints (world-joints.js): their own world (a world with joints cannot be saved yet)
  const jw = new World(), jb = [jw.addBall(0, 0, 0.1), jw.addBall(1, 0, 0.1)];
  let drag = jw.addDragJoint(jb[0], 0, 1), rod = jw.addDistanceJoint(jb[0], jb[1]);
  const jstate = () => [jw.joints().join(), jw.stateHash()];
  TABLE.push({ name: 'World.addDistanceJoint', params: p('a:handle b:handle options:worldOptions'), args: [jb[1], jb[0], undefined], state: jstate,
    call: (...a) => jw.removeJoint(jw.addDistanceJoint(...a)) });
  const distanceOptions = { length: 'radius', minLength: 'radius', maxLength: 'limit', hertz: 'radius', dampingRatio: 'radius', breakForce: 'positiveLimit' };
  const validJoint = { radius: 0.5, limit: 2, positiveLimit: 100, positive: 1000 };
  for (const [key, kind] of Object.entries(distanceOptions)) {
    TABLE.push({ name: `World.addDistanceJoint options.${key}`, params: [[`options.${key}`, kind]], args: [validJoint[kind]], state: jstate,
      call: (v) => jw.removeJoint(jw.addDistanceJoint(jb[1], { x: 1, y: 1 }, { [key]: v })) });
  }
  TABLE.push({ name: 'World.addDragJoint', params: p('ball:handle x y options:worldOptions'), args: [jb[1], 1, 2, undefined], state: jstate,
    call: (...a) => jw.removeJoint(jw.addDragJoint(...a)) });
  const dragOptions = { maxForce: 'positive', hertz: 'positive', dampingRatio: 'radius', breakForce: 'positiveLimit' };
  for (const [key, kind] of Object.entries(dragOptions)) {
    TABLE.push({ name: `World.addDragJoint options.${key}`, params: [[`options.${key}`, kind]], args: [validJoint[kind]], state: jstate,
      call: (v) => jw.removeJoint(jw.addDragJoint(jb[1], 1, 1, { [key]: v })) });
  }
  TABLE.push({ name: 'World.addRevoluteJoint', params: p('a:handle b:handleOrNull x y options:worldOptions'), args: [jb[1], jb[0], 0.5, 0, undefined],
    state: jstate, call: (...a) => jw.removeJoint(jw.addRevoluteJoint(...a)) });
  const revoluteOptions = { lowerAngle: 'angle', upperAngle: 'angle', motorSpeed: 'number', maxMotorTorque: 'limit', breakForce: 'positiveLimit' };
  const validRevolute = { angle: 0.25, number: 1, limit: 2, positiveLimit: 100 };
  for (const [key, kind] of Object.entries(revoluteOptions)) {
    TABLE.push({ name: `World.addRevoluteJoint options.${key}`, params: [[`options.${key}`, kind]], args: [validRevolute[kind]], state: jstate,
      call: (v) => jw.removeJoint(jw.addRevoluteJoint(jb[1], null, 1, 1, { [key]: v })) });
  }
  TABLE.push({ name: 'World.setDragTarget', params: p('joint:handle x y'), get args() { return [drag, 1, 2]; }, state: jstate,
    call: (...a) => jw.setDragTarget(...a) });
  for (const method of ['removeJoint', 'hasJoint', 'jointState']) {
    TABLE.push({ name: `World.${method}`, params: p('joint:handle'), get args() { return [method === 'jointState' ? rod : drag]; }, state: jstate,
      call: (h) => { jw[method](h); if (method === 'removeJoint') drag = jw.addDragJoint(jb[0], 0, 1); } });
  }
  // issue 26: static slots, userData, the ball helpers, settings
  TABLE.push({ name: 'World.staticHandle', params: p('slot:index'), args: [0], call: (s) => world.staticHandle(s), state: wstate });
  for (const method of ['staticSlotOf', 'isBallHandle', 'userData']) {
    TABLE.push({ name: `World.${method}`, params: p('handle:handle'), get args() { return [method === 'staticSlotOf' ? wall : ball]; }, state: wstate,
      call: (h) => world[method](h) });
  }
  const ustate = () => [...wstate(), world.userData(ball)];
  TABLE.push({ name: 'World.setUserData', params: p('handle:handle value:bits'), get args() { return [ball, 3]; }, state: ustate,
    call: (...a) => world.setUserData(...a) });
  const helpers = { applyImpulse: 'ix iy', applyAngularImpulse: 'j', setVelocity: 'vx vy', setPosition: 'x y' };
  for (const [method, rest] of Object.entries(helpers)) {
    TABLE.push({ name: `World.${method}`, params: p(`handle:handle ${rest}`), get args() { return [ball, 0, 5].slice(0, 1 + rest.split(' ').length); },
      state: wstate, call: (...a) => world[method](...a) });
  }
  TABLE.push({ name: 'World.ballState', params: p('handle:handle'), get args() { return [ball]; }, state: wstate, call: (h) => world.ballState(h) });
  const sstate = () => [...wstate(), JSON.stringify(world.settings)];
  TABLE.push({ name: 'World.setGravity', params: p('x y'), args: [0, -10], state: sstate, call: (...a) => world.setGravity(...a) });
  TABLE.push({ name: 'World.configure', params: p('options:worldOptions'), args: [undefined], state: sstate, call: (o) => world.configure(o) });
  for (const key of ['gravityX', 'gravityY', 'subSteps', 'contactHertz', 'staticHertz', 'dampingRatio', 'pushSpeed', 'restitutionThreshold',
    'hitSpeedThreshold', 'sleepSpeed', 'sleepTime', 'sleep']) {
    const kind = {
      gravityX: 'number', gravityY: 'number', subSteps: 'int1-64', contactHertz: 'positive', staticHertz: 'positive', dampingRatio: 'positive',
      pushSpeed: 'positive', restitutionThreshold: 'radius', hitSpeedThreshold: 'radius', sleepSpeed: 'radius', sleepTime: 'radius', sleep: 'bool',
    }[key];
    const good = { number: key === 'gravityY' ? -10 : 0, positive: { contactHertz: 60, staticHertz: 120, dampingRatio: 10, pushSpeed: 3 }[key],
      radius: { restitutionThreshold: 1, hitSpeedThreshold: 1, sleepSpeed: 0.05, sleepTime: 0.5 }[key], 'int1-64': 4, bool: true }[kind];
    TABLE.push({ name: `World.configure options.${key}`, params: [[`options.${key}`, kind]], args: [good], state: sstate,
      call: (v) => world.configure({ [key]: v }) });
  }
  // moving parts: chains, kinematic and pivoted capsules, snapshots
  TABLE.push({ name: 'World.addChain', params: p('points:points radius:radius options:worldOptions'), args: [[0, -3, 2, -3, 4, -2], 0.1, undefined], state: wstate,
    call: (...a) => { for (const h of world.addChain(...a)) world.removeStatic(h); } });
  for (const [key, kind] of Object.entries({ ...staticOptions, sensor: undefined, loop: 'bool', oneSided: 'bool' })) {
    if (!kind) continue;
    TABLE.push({ name: `World.addChain options.${key}`, params: [[`options.${key}`, kind]], args: [valid[kind]], state: wstate,
      call: (v) => { for (const h of world.addChain([0, -3, 2, -3, 4, -2], 0.1, { [key]: v })) world.removeStatic(h); } });
  }
  const kinOptions = { pivot: 'unit', restitution: 'radius', friction: 'radius', rollingResistance: 'radius', category: 'bits', mask: 'bits', userData: 'bits' };
  const pivOptions = { ...kinOptions, density: 'positive', motorSpeed: 'number', maxMotorTorque: 'radius', angularDamping: 'radius' };
  for (const [method, options] of [['addKinematicCapsule', kinOptions], ['addPivotedCapsule', pivOptions]]) {
    add(method, 'x y angle length:radius radius:radius options:worldOptions', [0, -6, 0.3, 2, 0.2, undefined]);
    for (const [key, kind] of Object.entries(options)) {
      TABLE.push({ name: `World.${method} options.${key}`, params: [[`options.${key}`, kind]], args: [{ ...valid, unit: 0.5 }[kind]], state: wstate,
        call: (v) => world.removeStatic(world[method](0, -6, 0.3, 2, 0.2, { [key]: v })) });
    }
  }
  const kin = world.addKinematicCapsule(0, -6, 0, 2, 0.2);
  const kstate = () => [...wstate(), ...Object.values(world.kinematic(kin))];
  for (const method of ['setKinematicVelocity', 'setKinematicTarget', 'setKinematicPose']) {
    TABLE.push({ name: `World.${method}`, params: p(`handle:handle ${method === 'setKinematicVelocity' ? 'vx vy angularVelocity' : 'x y angle'}`),
      args: [kin, 0, -6, 0], state: kstate, call: (...a) => world[method](...a) });
  }
  TABLE.push({ name: 'World.kinematic', params: p('handle:handle'), args: [kin], state: kstate, call: (h) => world.kinematic(h) });
  const snap = world.save();
  TABLE.push({ name: 'World.restore', params: p('bytes:snapshot'), args: [snap], state: () => [...world.save()], call: (b) => world.restore(b) });
  TABLE.push({ name: 'World.fromSnapshot', params: p('bytes:snapshot'), args: [snap], call: (b) => World.fromSnapshot(b).destroy() });
  TABLE.push({ name: 'drawWorld', params: p('ctx:ctx world:world options:drawOptions'), args: [fakeCtx(), world, undefined], call: drawWorld });
  for (const key of ['scale', 'originX', 'originY']) {
    TABLE.push({ name: `drawWorld options.${key}`, params: [[`options.${key}`, 'drawNumber']], args: [1], call: (v) => drawWorld(fakeCtx(), world, { [key]: v }) });
  }
}

// ---- the driver ----------------------------------------------------------------
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const show = (v) => (typeof v === 'bigint' ? `${v}n` : typeof v === 'string' ? JSON.stringify(v) : Array.isArray(v) ? `[${v}]` : v && typeof v === 'object' ? JSON.stringify(v) ?? String(v) : String(v));

function expectThrow(entry, k, value, type) {
  const [name] = entry.params[k];
  const args = entry.args.slice();
  args[k] = value;
  const before = entry.state?.();
  let error = null;
  try {
    entry.call(...args);
  } catch (e) {
    error = e;
  }
  const what = `${entry.name}: ${name} = ${show(value)}`;
  assert.ok(error, `${what} must throw a ${type.name}`);
  assert.equal(error.constructor, type, `${what}: ${error.constructor.name} (${error.message}), expected a ${type.name}`);
  assert.match(error.message, new RegExp(`(^|[^\\w.])${escape(name)}(?!\\w)`), `${what}: the message names ${name}: ${error.message}`);
  if (type === RangeError && typeof value === 'number') {
    assert.ok(error.message.includes(String(value)), `${what}: the message shows the value: ${error.message}`);
  }
  if (entry.state) assert.deepEqual(entry.state(), before, `${what}: something changed before the throw`);
}

test('the table: every argument of every public function, method, constructor and setter rejects bad values by name', (t) => {
  let cases = 0;
  for (const entry of TABLE) {
    assert.doesNotThrow(() => entry.call(...entry.args), `${entry.name}: the valid arguments`);
    entry.params.forEach(([name, kind], k) => {
      const spec = KIND[kind];
      assert.ok(spec, `${entry.name}: unknown kind ${kind}`);
      // an option given as undefined is an option not given
      const given = (v) => !(v === undefined && name.startsWith('options.'));
      for (const v of spec.range) expectThrow(entry, k, v, RangeError), cases++;
      for (const v of (typeof spec.type === 'function' ? spec.type() : spec.type).filter(given)) expectThrow(entry, k, v, TypeError), cases++;
    });
  }
  assert.ok(cases > 1500, `${cases} cases`);
  t.diagnostic(`${TABLE.length} entries, ${cases} bad calls`);
});

test('rules about more than one argument: A = B lines, zero directions, empty boxes, stale and foreign handles, full sets', () => {
  const R = RangeError;
  const cases = [
    ['collideLineCircle A = B', () => api.collideLineCircle(1, 1, 1, 1, 0, 0, 1), R, /\(ax, ay\) and \(bx, by\)/],
    ['lineSignedDistance A = B', () => api.lineSignedDistance(2, 3, 2, 3, 0, 0), R, /\(ax, ay\) and \(bx, by\)/],
    ['capsuleFromAxis zero axis', () => api.capsuleFromAxis(0, 0, 0, 0, 1, 1), R, /axisX, axisY/],
    ['capsuleFromAxis overflow', () => api.capsuleFromAxis(9e37, 0, 1, 0, 1e38, 1), R, /overflows the coordinate range/],
    ['rayCastCircle zero direction', () => api.rayCastCircle(5, 0, 1, 0, 0, 0, 0), R, /dx, dy/],
    ['rayCastSegment direction rounding to zero', () => api.rayCastSegment(0, 0, 1, 1, 0, 0, 1e-46, -1e-46), R, /dx, dy/],
    ['rayCastCapsule zero direction', () => api.rayCastCapsule(0, 0, 1, 1, 1, 0, 0, 0, 0), R, /dx, dy/],
    ['rayCastClosest zero direction', () => api.rayCastClosest(capsules2(), 0, 0, 0, 0), R, /dx, dy/],
    ['RayBatch.add zero direction', () => new RayBatch(1).add(0, 0, 0, 0), R, /dx, dy/],
    ['queryBox maxX < minX', () => api.queryBox(circles3(), 1, 0, 0, 1, new IndexBuffer(1)), R, /maxX/],
    ['queryBox maxY < minY', () => api.queryBox(circles3(), 0, 1, 1, 0, new IndexBuffer(1)), R, /maxY/],
    ['CircleSet.add on a full set', () => { const s = new CircleSet(1); s.add(0, 0, 1); s.add(0, 0, 1); }, R, /full/],
    ['CapsuleSet.add on a full set', () => { const s = new CapsuleSet(1); s.add(0, 0, 1, 1, 1); s.add(0, 0, 1, 1, 1); }, R, /full/],
    ['CapsuleSet.set at count', () => capsules2().set(2, 0, 0, 1, 1, 1), R, /\bi\b/],
    ['CircleSet.set at count', () => circles3().set(3, 0, 0, 1), R, /\bi\b/],
    ['a destroyed set', () => { const s = circles3(); s.destroy(); s.add(0, 0, 1); }, R, /destroyed/],
    ['pushOut contact.depth NaN', () => api.pushOut({ nx: 0, ny: 1, depth: NaN }), R, /contact\.depth/],
    ['pushOut contact.nx not a number', () => api.pushOut({ nx: '0', ny: 1, depth: 1 }), TypeError, /contact\.nx/],
    ['pushOut contact.ny missing', () => api.pushOut({ nx: 0, depth: 1 }), TypeError, /contact\.ny/],
    ['World.addLine A = B', () => new World().addLine(1, 1, 1, 1), R, /\(ax, ay\) and \(bx, by\)/],
    ['World.rayCast zero direction', () => new World().rayCast(0, 0, 0, 0), R, /dx, dy/],
    ['World.queryBox x1 < x0', () => new World().queryBox(1, 0, 0, 1), R, /x1/],
    ['World.queryBox y1 < y0', () => new World().queryBox(0, 1, 1, 0), R, /y1/],
    ['drawWorld unknown option', () => drawWorld(fakeCtx(), new World(), { noSuchOption: 1 }), TypeError, /noSuchOption/],
    ['drawWorld options.scale 0', () => drawWorld(fakeCtx(), new World(), { scale: 0 }), R, /options\.scale/],
  ];
  for (const [what, fn, type, re] of cases) assert.throws(fn, (e) => e instanceof type && re.test(e.message), what);
  // handles: removed, foreign, of the wrong kind
  const w = new World(), other = new World();
  const b = w.addBall(0, 0, 1), s = w.addSegment(0, -2, 1, -2), ob = other.addBall(0, 0, 1);
  for (const [what, fn] of [
    ['a static handle as a ball', () => w.slotOf(s)],
    ['a ball handle as a static', () => w.removeStatic(b)],
    ['a foreign ball', () => w.removeBall(ob)],
    ['a foreign ball (wake)', () => w.wakeBall(ob)],
  ]) assert.throws(fn, RangeError, what);
  w.removeBall(b);
  for (const [what, fn] of [['removeBall', () => w.removeBall(b)], ['wakeBall', () => w.wakeBall(b)], ['slotOf', () => w.slotOf(b)]]) {
    assert.throws(fn, { name: 'RangeError', message: /removed/ }, `a removed ball: ${what}`);
  }
  assert.equal(w.hasBall(b), false);
  assert.equal(w.hasBall(ob), false);
  const b2 = w.addBall(0, 0, 1); // the same slot, a new generation
  assert.equal(w.slotOf(b2), 0);
  assert.throws(() => w.slotOf(b), { name: 'RangeError', message: /removed/ }, 'the old handle stays dead');
  assert.throws(() => w.ballHandle(1), { name: 'RangeError', message: /slot 1/ });
});

test('the table covers every exported function and every method, constructor and setter of the exported classes', () => {
  const names = new Set(TABLE.map((e) => e.name.split(' options.')[0]));
  // no arguments, or tested elsewhere: init's options (tests/package/load-errors.test.js)
  const without = new Set(['init', 'usingSimd', 'simdSupported', 'createContact', 'createManifold', 'createRayHit', 'createSweepHit']);
  const missing = [];
  for (const [key, value] of Object.entries(api)) {
    if (typeof value !== 'function') continue;
    const isClass = /^class\b/.test(Function.prototype.toString.call(value));
    if (!isClass) {
      if (!without.has(key) && !names.has(key)) missing.push(key);
      continue;
    }
    if (!names.has(`new ${key}`)) missing.push(`new ${key}`);
    for (const [m, d] of Object.entries(Object.getOwnPropertyDescriptors(value.prototype))) {
      if (m === 'constructor' || m.startsWith('_')) continue;
      if (typeof d.value === 'function' && d.value.length > 0 && !names.has(`${key}.${m}`)) missing.push(`${key}.${m}`);
      if (d.set && !names.has(`${key}.${m}=`)) missing.push(`${key}.${m}=`);
    }
    // inherited setters and methods (HeapObject) with arguments
    const base = Object.getPrototypeOf(value.prototype);
    if (base !== Object.prototype) {
      for (const [m, d] of Object.entries(Object.getOwnPropertyDescriptors(base))) {
        if (m === 'constructor' || m.startsWith('_')) continue;
        if ((typeof d.value === 'function' && d.value.length > 0) || d.set) missing.push(`${key}.${m} (inherited)`);
      }
    }
  }
  assert.deepEqual(missing, [], 'add these to the table');
});
