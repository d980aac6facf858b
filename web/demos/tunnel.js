// Section 5, last demo: two balls are shot again and again at a thin wall.
// The upper one is tested once per frame with capsule2d's
// collideSegmentCircle at its new position; the lower one with
// sweepCircleSegment along its whole move. With "fast ball" on, a step is
// longer than the ball is wide: the per-frame test never sees an overlap and
// the ball tunnels through; the swept one bounces every time.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout } from '../lib/readout.js';
import { playPause } from '../lib/motion.js';

const { colors } = draw;

export const needs = ['collideSegmentCircle', 'sweepCircleSegment'];

const WALL = { ax: 0, ay: -3.2, bx: 0, by: 3.2 };
const EDGE = 6.5; // a ball leaving -EDGE..EDGE is shot again from START
const START = -6; // with FAST, the per-frame positions are -6, -4.42, -2.83, -1.25, 0.33: none touches the wall
const R = 0.25;
const SLOW = 4; // units per second
const FAST = 95; // 95/60 ≈ 1.58 units per step, more than the 0.5 the ball is wide

export function mount(el, api) {
  const lane = (y, method) => ({ method, x: START, y, vx: SLOW, passes: 0, bounces: 0, shots: 1, trail: [] });
  const state = {
    fast: false,
    lanes: [lane(1.6, 'per-frame'), lane(-1.6, 'swept')],
    steps: 0,
  };
  const contact = api.createContact();
  const sweep = api.createSweepHit();
  const toggle = el.querySelector('input[name="fast"]');

  const out = new Readout(el.querySelector('.readout'))
    .row('speed', 'move per frame', { page: true })
    .row('shots', 'shots at the wall')
    .row('p0', 'per-frame test: through the wall')
    .row('b0', 'per-frame test: bounced')
    .row('p1', 'swept test: through the wall')
    .row('b1', 'swept test: bounced');

  function stepPerFrame(b, dt) {
    b.x += b.vx * dt;
    const c = api.collideSegmentCircle(WALL.ax, WALL.ay, WALL.bx, WALL.by, b.x, b.y, R, contact);
    if (c) {
      b.x += c.nx * c.depth;
      if (b.vx * c.nx < 0) {
        b.vx = -b.vx;
        b.bounces++;
      }
    }
  }

  function stepSwept(b, dt) {
    const x1 = b.x + b.vx * dt;
    const h = api.sweepCircleSegment(WALL.ax, WALL.ay, WALL.bx, WALL.by, b.x, b.y, x1, b.y, R, sweep);
    // Touching at the start while moving away is not a new impact: the
    // query reports it, the caller decides (here: keep going).
    if (h && !(h.startsInside && b.vx * h.nx >= 0)) {
      b.x = h.x;
      b.vx = -b.vx;
      b.bounces++;
    } else {
      b.x = x1;
    }
  }

  function step(dt) {
    state.steps++;
    for (const b of state.lanes) {
      const before = b.x;
      if (b.method === 'swept') stepSwept(b, dt);
      else stepPerFrame(b, dt);
      if (Math.sign(before) !== Math.sign(b.x) && b.x !== 0) b.passes++;
      if (b.x > EDGE || b.x < -EDGE) {
        b.x = START;
        b.vx = Math.abs(b.vx);
        b.shots++;
        b.trail = [];
      }
      b.trail.push(b.x);
      if (b.trail.length > 6) b.trail.shift();
    }
  }

  function report() {
    const [a, b] = state.lanes;
    out.set('speed', `${((state.fast ? FAST : SLOW) / 60).toFixed(2)} (ball: ${(2 * R).toFixed(2)})`);
    out.set('shots', String(a.shots));
    out.set('p0', String(a.passes), a.passes ? 'hit' : '');
    out.set('b0', String(a.bounces));
    out.set('p1', String(b.passes), b.passes ? 'hit' : '');
    out.set('b1', String(b.bounces));
  }

  function scene(ctx, view) {
    draw.clear(ctx, view);
    draw.grid(ctx, view);
    draw.segment(ctx, view, WALL.ax, WALL.ay, WALL.bx, WALL.by, colors.shape, 3);
    for (const b of state.lanes) {
      draw.segment(ctx, view, -EDGE, b.y, EDGE, b.y, colors.faint, 1, [2, 6]);
      b.trail.forEach((x, i) => {
        const alpha = (i + 1) / (b.trail.length + 1) * 0.35;
        draw.circle(ctx, view, x, b.y, R, null, colors.moverFill.replace(/[\d.]+\)$/, `${alpha})`));
      });
      draw.circle(ctx, view, b.x, b.y, R, colors.mover, colors.moverFill, 2);
      draw.label(ctx, view, -EDGE, b.y + 0.75, b.method === 'swept' ? 'swept test' : 'per-frame test', colors.ink);
    }
    report();
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -7, y0: -3.6, x1: 7, y1: 3.6 },
    draw: scene,
    step,
  });

  function setSpeed() {
    state.fast = toggle.checked;
    for (const b of state.lanes) {
      b.x = START;
      b.vx = state.fast ? FAST : SLOW;
      b.passes = 0;
      b.bounces = 0;
      b.shots = 1;
      b.trail = [];
    }
    stage.invalidate();
  }
  toggle.checked = false;
  toggle.addEventListener('change', setSpeed);
  // It loops for ever: a Pause button, and paused at first under reduced motion.
  const setRunning = playPause(el.querySelector('button[name="play"]'), stage);
  return { state, stage, setRunning };
}
