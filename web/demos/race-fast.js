// Section 6, the fast-ball race: the playground's fast-ball scene (four balls
// shot at a thin wall at 5, 95, 600 and 3,000 units/s, no gravity, full
// restitution, a back wall behind them) built in capsule2d's World (left) and
// in Box2D v3 (right), one step of each per frame. Box2D v3 clamps every
// body's linear speed to its world's maximumLinearSpeed (400 m/s by default,
// read from b2DefaultWorldDef() and shown on the page), so the two faster
// balls fly at 400 there; capsule2d keeps the launch speed and sweeps each
// ball against the statics, so none crosses the wall. Box2D v3 comes from
// race.js's lazy loader (the same module, loaded once for both races).
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num } from '../lib/readout.js';
import { announce } from '../lib/announce.js';
import { drawOptions, StepTimer } from '../lib/world-scene.js';
import { SCENES } from './playground.js';
import { loadBox2dShowing, VERSIONS } from './race.js';

export const needs = ['World', 'drawWorld'];

const FAST = SCENES.fast;
const WALL = [0, -3.2, 0, 3.2]; // the thin wall, as in SCENES.fast
const BACK = [-6.8, 3.6, -6.8, -3.6]; // the back wall
const R = 0.25;

/** The fast-ball scene in Box2D v3: the two walls on one static body, a body per ball; Box2D's defaults otherwise. */
export function buildBox2dFast(B) {
  const wd = B.b2DefaultWorldDef();
  const cap = wd.maximumLinearSpeed; // Box2D v3's default speed cap, as this build has it
  wd.gravity = new B.b2Vec2(0, 0);
  const world = B.b2CreateWorld(wd);
  const ground = B.b2CreateBody(world, B.b2DefaultBodyDef());
  const sd = B.b2DefaultShapeDef();
  sd.material.restitution = 1;
  sd.material.friction = 0;
  for (const [ax, ay, bx, by] of [WALL, BACK]) {
    const seg = new B.b2Segment();
    seg.point1 = new B.b2Vec2(ax, ay);
    seg.point2 = new B.b2Vec2(bx, by);
    B.b2CreateSegmentShape(ground, sd, seg);
  }
  const bsd = B.b2DefaultShapeDef();
  bsd.density = 1;
  bsd.material.restitution = 1;
  bsd.material.friction = 0;
  const circle = new B.b2Circle();
  circle.center = new B.b2Vec2(0, 0);
  circle.radius = R;
  const ids = FAST.speeds.map((v, i) => {
    const bd = B.b2DefaultBodyDef();
    bd.type = B.b2BodyType.b2_dynamicBody;
    bd.position = new B.b2Vec2(-6, 2.4 - i * 1.6);
    bd.linearVelocity = new B.b2Vec2(v, 0);
    const id = B.b2CreateBody(world, bd);
    B.b2CreateCircleShape(id, bsd, circle);
    return id;
  });
  const n = ids.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const speeds = new Float64Array(n);
  return {
    world, cap, xs, ys, speeds,
    step: () => B.b2World_Step(world, 1 / 60, 4),
    /** Reads the balls' positions and speeds (each read is an embind object to delete). */
    read() {
      for (let i = 0; i < n; i++) {
        const p = B.b2Body_GetPosition(ids[i]);
        xs[i] = p.x;
        ys[i] = p.y;
        p.delete?.();
        const v = B.b2Body_GetLinearVelocity(ids[i]);
        speeds[i] = Math.hypot(v.x, v.y);
        v.delete?.();
      }
    },
    destroy: () => B.b2DestroyWorld(world),
  };
}

export function mount(el, api) {
  const view = FAST.view;
  const k = FAST.speeds.length;
  const state = {
    status: 'idle', // idle, loading, running, paused, failed
    steps: 0,
    loaded: false,
    cap: null, // Box2D's maximumLinearSpeed
    launch: [...FAST.speeds],
    capsuleSpeed: new Array(k).fill(0), // read back after each step
    box2dSpeed: new Array(k).fill(0),
    capsuleMin: new Array(k).fill(Infinity), // lowest and highest speed seen since the start
    capsuleMax: new Array(k).fill(0),
    box2dMax: new Array(k).fill(0),
    firstSecond: null, // { capsuleMin, capsuleMax, box2dMax, capsuleSpeed, box2dSpeed } frozen after 60 steps
    capsuleCrossed: 0, // ball-steps found beyond the wall (x > 0)
    box2dCrossed: 0,
    capsule: { mean: 0, steps: 0 },
    box2d: { mean: 0, steps: 0 },
    settings: null,
    error: null,
  };
  const timers = { capsule: new StepTimer(), box2d: new StepTimer() };
  let mine = null;
  let theirs = null;
  let B = null;
  const startButton = el.querySelector('button[name="raceFast"]');
  const status = el.querySelector('[data-show="raceFastStatus"]');
  const settingsNote = el.querySelector('.race-fast-settings');
  const out = new Readout(el.querySelector('.readout'));
  out.row('steps', 'steps of each');
  FAST.speeds.forEach((v, i) => out.row(`v${i}`, `launched at ${v} units/s: speed in capsule2d / in Box2D v3`, { short: `${v}/s` }));
  out.row('crossed', 'balls beyond the wall, capsule2d / Box2D v3 (summed over steps)', { short: 'crossed' });
  out.row('ms', 'ms per step, capsule2d / Box2D v3', { short: 'ms' });

  const canvases = el.querySelectorAll('canvas');
  const left = new Stage(canvases[0], {
    world: view,
    draw: (ctx, v) => {
      draw.clear(ctx, v);
      if (mine) api.drawWorld(ctx, mine.world, drawOptions(v));
      else draw.text(ctx, v.width / 2, v.height / 2, 'capsule2d', draw.colors.faint, 'center', 15);
      labelSpeeds(ctx, v, state.capsuleSpeed);
    },
    step: stepBoth,
  });
  left.maxSteps = 1;
  const right = new Stage(canvases[1], { world: view, draw: (ctx, v) => drawBox2d(ctx, v) });

  function labelSpeeds(ctx, v, speeds) {
    FAST.speeds.forEach((launch, i) => {
      const s = state.steps ? `${Math.round(speeds[i])} of ${launch} units/s` : `${launch} units/s`;
      draw.label(ctx, v, -6.6, 2.4 - i * 1.6 + 0.55, s, draw.colors.ink);
    });
  }

  function drawBox2d(ctx, v) {
    draw.clear(ctx, v);
    ctx.lineCap = 'round';
    ctx.strokeStyle = draw.colors.shape;
    ctx.lineWidth = 2;
    for (const [ax, ay, bx, by] of [WALL, BACK]) {
      ctx.beginPath();
      ctx.moveTo(v.sx(ax), v.sy(ay));
      ctx.lineTo(v.sx(bx), v.sy(by));
      ctx.stroke();
    }
    if (!theirs) {
      draw.text(ctx, v.width / 2, v.height / 2, state.status === 'loading' ? 'loading Box2D v3 …' : 'Box2D v3 loads when the race starts', draw.colors.faint, 'center', 15);
      return;
    }
    ctx.fillStyle = draw.colors.mover;
    for (let i = 0; i < theirs.xs.length; i++) {
      ctx.beginPath();
      ctx.arc(v.sx(theirs.xs[i]), v.sy(theirs.ys[i]), R * v.scale, 0, 2 * Math.PI);
      ctx.fill();
    }
    labelSpeeds(ctx, v, state.box2dSpeed);
  }

  function stepBoth() {
    if (!mine || !theirs) return;
    const w = mine.world;
    timers.capsule.step(w);
    const t0 = performance.now();
    theirs.step();
    const ms = performance.now() - t0;
    const tb = timers.box2d;
    tb.last = ms;
    tb.mean = tb.steps === 0 ? ms : tb.mean + (ms - tb.mean) / 30;
    tb.steps++;
    state.steps++;
    theirs.read();
    const { x, vx, vy } = w.balls;
    for (let i = 0; i < k; i++) {
      const s = Math.hypot(vx[i], vy[i]);
      state.capsuleSpeed[i] = s;
      state.capsuleMin[i] = Math.min(state.capsuleMin[i], s);
      state.capsuleMax[i] = Math.max(state.capsuleMax[i], s);
      if (x[i] > 0) state.capsuleCrossed++;
      state.box2dSpeed[i] = theirs.speeds[i];
      state.box2dMax[i] = Math.max(state.box2dMax[i], theirs.speeds[i]);
      if (theirs.xs[i] > 0) state.box2dCrossed++;
    }
    if (state.steps === 60) {
      state.firstSecond = {
        capsuleMin: [...state.capsuleMin], capsuleMax: [...state.capsuleMax], box2dMax: [...state.box2dMax],
        capsuleSpeed: [...state.capsuleSpeed], box2dSpeed: [...state.box2dSpeed],
      };
    }
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
    out.set('steps', String(state.steps));
    FAST.speeds.forEach((v, i) => out.set(`v${i}`, state.steps
      ? `${num(state.capsuleSpeed[i], 1)} / ${num(state.box2dSpeed[i], 1)}` : '—'));
    out.set('crossed', state.steps ? `${state.capsuleCrossed} / ${state.box2dCrossed}` : '—');
    out.set('ms', a.steps ? `${num(a.mean, 3)} / ${num(b.mean, 3)}` : '—');
  }

  function setStatus(s, text) {
    state.status = s;
    status.textContent = text;
    startButton.textContent = s === 'running' ? 'Pause' : s === 'paused' ? 'Go on' : 'Fire the fast balls';
  }

  function build() {
    mine?.world.destroy();
    theirs?.destroy();
    mine = FAST.build(api);
    theirs = buildBox2dFast(B);
    theirs.read();
    state.cap = theirs.cap;
    const st = mine.world.settings;
    state.settings = { capsule2d: { dt: st.dt, subSteps: st.subSteps }, box2d: { dt: 1 / 60, subSteps: 4, maximumLinearSpeed: theirs.cap } };
    settingsNote.textContent = `capsule2d ${VERSIONS.capsule2d}: dt 1/${Math.round(1 / st.dt)} s, ${st.subSteps} sub-steps, no speed limit. ` +
      `Box2D v3 (box2d3-wasm ${VERSIONS.box2d3}, compat): dt 1/60 s, 4 sub-steps, maximumLinearSpeed ${num(theirs.cap, 0)} m/s (its default), continuous collision on (its default). ` +
      'Both: no gravity; balls of radius 0.25, restitution 1, friction 0.';
    timers.capsule.reset();
    timers.box2d.reset();
    state.steps = 0;
    state.capsuleMin.fill(Infinity);
    state.capsuleMax.fill(0);
    state.box2dMax.fill(0);
    state.capsuleCrossed = 0;
    state.box2dCrossed = 0;
    state.firstSecond = null;
    report(true);
    left.invalidate();
    right.invalidate();
  }

  async function start() {
    if (state.status === 'running') {
      left.animate(false);
      setStatus('paused', 'Paused.');
      report(true);
      const f = FAST.speeds.length - 1;
      announce(`Paused. The ${FAST.speeds[f]} units/s ball: ${Math.round(state.capsuleSpeed[f])} in capsule2d, ` +
        `${Math.round(state.box2dSpeed[f])} in Box2D v3. Balls beyond the wall: ${state.capsuleCrossed} and ${state.box2dCrossed}.`);
      return;
    }
    if (state.status === 'paused') {
      left.animate(true);
      setStatus('running', 'Running: one step of each per frame.');
      return;
    }
    if (!B) {
      B = await loadBox2dShowing(state, setStatus, () => right.invalidate());
      if (!B) return;
    }
    build();
    left.animate(true);
    setStatus('running', 'Running: one step of each per frame.');
    announce(`Fast balls fired in both worlds. Box2D v3 caps speed at ${num(state.cap, 0)} metres per second.`);
  }

  startButton.addEventListener('click', () => {
    start();
  });
  setStatus('idle', 'Box2D v3 is loaded only when you fire the balls.');
  report(true);
  return {
    state, start, build, stage: left, stages: [left, right], timers,
    get capsule() { return mine; },
    get box2d() { return theirs; },
  };
}
