// Section 6, the race: the playground's plinko scene built twice, in
// capsule2d's World (left) and in Box2D v3 (right, box2d3-wasm), stepped
// side by side, one step of each per frame, each timed on its own
// (performance.now() around world.step() and b2World_Step()).
//
// Box2D v3 is loaded only when the visitor starts the race (a dynamic
// import, its own chunk and .wasm). The page is not cross-origin isolated,
// so the build it can load is box2d3-wasm's "compat" one: no SIMD, no
// threads (its SIMD build needs a shared memory, and so COOP/COEP headers);
// that build stepped plinko about 1.7× slower than its SIMD one in Node.
// Both worlds have the same shapes, materials (friction mixed as √(a·b),
// restitution as the max), dt 1/60, 4 sub-steps, sleeping on; Box2D keeps
// its other defaults.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num } from '../lib/readout.js';
import { announce } from '../lib/announce.js';
import { drawOptions, StepTimer } from '../lib/world-scene.js';
import { SCENES, plinkoLayout, defaultCount } from './playground.js';
import { version as capsuleVersion } from '../../package.json';
import { version as box2dVersion } from '../../node_modules/box2d3-wasm/package.json';

export const needs = ['World', 'drawWorld'];

export const VERSIONS = { capsule2d: capsuleVersion, box2d3: box2dVersion };

/** Box2D v3's module, loaded once, on the first race. */
let box2d = null;
export function loadBox2d() {
  box2d ??= import('../../node_modules/box2d3-wasm/build/dist/es/compat/Box2D.compat.mjs')
    .then((m) => m.default());
  return box2d;
}

/** The plinko scene in Box2D v3: one static body with the walls (segments), bin walls and pegs (capsules); a body per ball. */
/**
 * Box2D v3 for a race's Start: says "loading" (and redraws), then null with
 * state.error and a "failed" status when it cannot load, or the module with
 * state.loaded set. Both races start through it.
 */
export async function loadBox2dShowing(state, setStatus, redraw) {
  setStatus('loading', 'Loading Box2D v3 (box2d3-wasm compat build) …');
  redraw();
  try {
    const B = await loadBox2d();
    state.loaded = true;
    return B;
  } catch (e) {
    state.error = String(e?.message ?? e);
    setStatus('failed', `Box2D v3 could not be loaded: ${state.error}`);
    return null;
  }
}

export function buildBox2d(B, n) {
  const L = plinkoLayout(n);
  const wd = B.b2DefaultWorldDef();
  wd.gravity = new B.b2Vec2(0, -10);
  const world = B.b2CreateWorld(wd);
  const ground = B.b2CreateBody(world, B.b2DefaultBodyDef());
  const sd = B.b2DefaultShapeDef();
  for (const [ax, ay, bx, by] of L.walls) {
    const seg = new B.b2Segment();
    seg.point1 = new B.b2Vec2(ax, ay);
    seg.point2 = new B.b2Vec2(bx, by);
    B.b2CreateSegmentShape(ground, sd, seg);
  }
  const capsule = (shapeDef, [ax, ay, bx, by, r]) => {
    const c = new B.b2Capsule();
    c.center1 = new B.b2Vec2(ax, ay);
    c.center2 = new B.b2Vec2(bx, by);
    c.radius = r;
    B.b2CreateCapsuleShape(ground, shapeDef, c);
  };
  for (const b of L.bins) capsule(sd, b);
  const pd = B.b2DefaultShapeDef();
  pd.material.friction = L.pegFriction;
  for (const p of L.pegs) capsule(pd, p);
  const bd = B.b2DefaultBodyDef();
  bd.type = B.b2BodyType.b2_dynamicBody;
  bd.linearVelocity = new B.b2Vec2(0, L.ball.vy);
  const bsd = B.b2DefaultShapeDef();
  bsd.density = 1;
  bsd.material.friction = L.ball.friction;
  bsd.material.restitution = L.ball.restitution;
  const circle = new B.b2Circle();
  circle.center = new B.b2Vec2(0, 0);
  circle.radius = L.r;
  const ids = [];
  for (const [x, y] of L.balls) {
    bd.position = new B.b2Vec2(x, y);
    const id = B.b2CreateBody(world, bd);
    B.b2CreateCircleShape(id, bsd, circle);
    ids.push(id);
  }
  const xs = new Float32Array(n);
  const ys = new Float32Array(n);
  const awake = new Uint8Array(n);
  return {
    world,
    r: L.r,
    pegs: [...L.bins, ...L.pegs],
    xs, ys, awake,
    step: () => B.b2World_Step(world, 1 / 60, 4),
    /** Copies the balls' positions out (each read is an object to delete: outside the step's timing). */
    read() {
      for (let i = 0; i < ids.length; i++) {
        const p = B.b2Body_GetPosition(ids[i]);
        xs[i] = p.x;
        ys[i] = p.y;
        p.delete?.();
        awake[i] = B.b2Body_IsAwake(ids[i]) ? 1 : 0;
      }
    },
    destroy: () => B.b2DestroyWorld(world),
  };
}

export function mount(el, api) {
  const view = SCENES.plinko.view;
  const state = {
    count: defaultCount() < 2000 ? 1000 : 4000, // a phone starts with fewer
    status: 'idle', // idle, loading, running, paused, failed
    steps: 0,
    loaded: false,
    builds: 0,
    capsule: { mean: 0, steps: 0 },
    box2d: { mean: 0, steps: 0 },
    error: null,
  };
  const timers = { capsule: new StepTimer(), box2d: new StepTimer() };
  let mine = null; // { world } of capsule2d
  let theirs = null; // buildBox2d's
  let B = null;
  const countInput = el.querySelector('input[name="raceCount"]');
  const countShow = el.querySelector('[data-show="raceCount"]');
  const startButton = el.querySelector('button[name="race"]');
  const status = el.querySelector('[data-show="raceStatus"]');
  const labels = {
    capsule: el.querySelector('[data-show="capsuleMs"]'),
    box2d: el.querySelector('[data-show="box2dMs"]'),
  };
  const out = new Readout(el.querySelector('.readout'))
    .row('balls', 'balls in each world')
    .row('steps', 'steps of each')
    .row('capsule', `capsule2d ${capsuleVersion} (${api.usingSimd() ? 'SIMD' : 'scalar'}): ms per <code>world.step()</code>`, { short: 'capsule2d ms' })
    .row('box2d', `Box2D v3 (box2d3-wasm ${box2dVersion}, compat): ms per <code>b2World_Step()</code>`, { short: 'Box2D ms' })
    .row('ratio', 'Box2D ms / capsule2d ms', { short: 'ratio' });

  const canvases = el.querySelectorAll('canvas');
  const left = new Stage(canvases[0], {
    world: view,
    draw: (ctx, v) => {
      draw.clear(ctx, v);
      if (mine) api.drawWorld(ctx, mine.world, drawOptions(v));
      else draw.text(ctx, v.width / 2, v.height / 2, 'capsule2d', draw.colors.faint, 'center', 15);
    },
    step: stepBoth,
  });
  left.maxSteps = 1; // one step of each per frame: a race of ms per step, not of frame rates
  const right = new Stage(canvases[1], {
    world: view,
    draw: (ctx, v) => drawBox2d(ctx, v),
  });

  function drawBox2d(ctx, v) {
    draw.clear(ctx, v);
    if (!theirs) {
      draw.text(ctx, v.width / 2, v.height / 2, state.status === 'loading' ? 'loading Box2D v3 …' : 'Box2D v3 loads when the race starts', draw.colors.faint, 'center', 15);
      return;
    }
    const s = v.scale;
    ctx.lineCap = 'round';
    ctx.strokeStyle = draw.colors.shape;
    for (const [ax, ay, bx, by, r] of theirs.pegs) {
      ctx.lineWidth = Math.max(2 * r * s, 2);
      ctx.beginPath();
      ctx.moveTo(v.sx(ax), v.sy(ay));
      ctx.lineTo(v.sx(bx), v.sy(by));
      ctx.stroke();
    }
    ctx.lineWidth = 2;
    ctx.strokeRect(v.sx(-20), v.sy(30), v.sx(20) - v.sx(-20), v.sy(-12) - v.sy(30));
    // The balls as drawWorld draws them: awake filled, asleep a ring (no spoke: Box2D's angles are not read).
    const rr = theirs.r * s;
    ctx.fillStyle = draw.colors.mover;
    for (let i = 0; i < theirs.xs.length; i++) {
      if (!theirs.awake[i]) continue;
      ctx.beginPath();
      ctx.arc(v.sx(theirs.xs[i]), v.sy(theirs.ys[i]), rr, 0, 2 * Math.PI);
      ctx.fill();
    }
    ctx.strokeStyle = draw.colors.faint;
    ctx.lineWidth = 1.5;
    for (let i = 0; i < theirs.xs.length; i++) {
      if (theirs.awake[i]) continue;
      ctx.beginPath();
      ctx.arc(v.sx(theirs.xs[i]), v.sy(theirs.ys[i]), Math.max(rr - 0.75, 0.75), 0, 2 * Math.PI);
      ctx.stroke();
    }
  }

  function stepBoth() {
    if (!mine || !theirs) return;
    timers.capsule.step(mine.world);
    const t0 = performance.now();
    theirs.step();
    const ms = performance.now() - t0;
    const tb = timers.box2d;
    tb.last = ms;
    tb.mean = tb.steps === 0 ? ms : tb.mean + (ms - tb.mean) / 30;
    tb.steps++;
    state.steps++;
    theirs.read();
    right.invalidate();
    report();
  }

  let shownAt = -99;
  function report(force = false) {
    if (!force && performance.now() - shownAt < 250) return;
    shownAt = performance.now();
    const a = timers.capsule;
    const b = timers.box2d;
    state.capsule = { mean: a.mean, steps: a.steps };
    state.box2d = { mean: b.mean, steps: b.steps };
    out.set('balls', state.count.toLocaleString('en'));
    out.set('steps', String(state.steps));
    out.set('capsule', a.steps ? num(a.mean, 2) : '—');
    out.set('box2d', b.steps ? num(b.mean, 2) : '—');
    out.set('ratio', a.steps && a.mean > 0 ? `${num(b.mean / a.mean, 1)}×` : '—');
    labels.capsule.textContent = a.steps ? `${num(a.mean, 2)} ms per step` : '';
    labels.box2d.textContent = b.steps ? `${num(b.mean, 2)} ms per step` : '';
  }

  function setStatus(s, text) {
    state.status = s;
    status.textContent = text;
    startButton.textContent = s === 'running' ? 'Pause' : s === 'paused' ? 'Go on' : 'Start the race';
  }

  function build() {
    mine?.world.destroy();
    theirs?.destroy();
    mine = SCENES.plinko.build(api, state.count);
    theirs = buildBox2d(B, state.count);
    theirs.read();
    timers.capsule.reset();
    timers.box2d.reset();
    state.steps = 0;
    state.builds++;
    report(true);
    left.invalidate();
    right.invalidate();
  }

  async function start() {
    if (state.status === 'running') {
      left.animate(false);
      setStatus('paused', 'Paused.');
      return;
    }
    if (state.status === 'paused') {
      left.animate(true);
      setStatus('running', 'Racing: one step of each per frame.');
      return;
    }
    if (!B) {
      B = await loadBox2dShowing(state, setStatus, () => right.invalidate());
      if (!B) return;
    }
    build();
    left.animate(true);
    setStatus('running', 'Racing: one step of each per frame.');
    announce(`Race started with ${state.count.toLocaleString('en')} balls in each world.`);
  }

  startButton.addEventListener('click', () => {
    start();
  });
  countInput.addEventListener('input', () => {
    countShow.textContent = Number(countInput.value).toLocaleString('en');
  });
  countInput.addEventListener('change', () => {
    state.count = Number(countInput.value);
    if (B && state.status !== 'idle') {
      build();
      if (state.status === 'paused') report(true);
    }
  });
  countInput.value = String(state.count);
  countShow.textContent = state.count.toLocaleString('en');
  setStatus('idle', 'Box2D v3 is loaded only when you start the race.');
  report(true);
  return {
    state, start, build, stage: left, stages: [left, right], timers,
    get capsule() { return mine; },
    get box2d() { return theirs; },
  };
}
