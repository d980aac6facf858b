// Section 4, second demo: circles fall onto a line and settle, on
// capsule2d's World: the circles are balls, the line a static half-plane
// (addLine, solid below it) or, with the toggle, a static segment
// (addSegment). Dragging A or B removes the static and adds it again where
// it now is (statics are fixed once added) and wakes the balls. Which balls
// touch it comes from the world's begin and end events. The page only
// removes the balls that fall out of view.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num } from '../lib/readout.js';
import { playPause } from '../lib/motion.js';
import { random } from '../lib/world-scene.js';

const { colors } = draw;

export const needs = ['World'];

const COUNT = 11;
// Rolling resistance stops a ball on a slope of up to about 0.3 rad (a steeper line and they roll away).
const BALL = { restitution: 0.35, friction: 0.6, rollingResistance: 0.3 };

export function mount(el, api) {
  const state = {
    ax: -4.5, ay: -2.2, bx: 4.5, by: -3.1,
    segmentOnly: false,
    circles: [], // each ball as read from the world's views: { x, y, vx, vy, r, lost }
    drops: 0, // how many times the circles were dropped
    time: 0, // seconds since the last drop
    contacts: 0, // balls touching the line or segment (the world's begin/end events)
  };
  let world = null;
  let line = null; // the static's handle
  const touching = new Set(); // ball slots touching the static
  const toggle = el.querySelector('input[name="segment"]');
  const restart = el.querySelector('button[name="restart"]');

  const out = new Readout(el.querySelector('.readout'))
    .row('mode', 'the circles collide with')
    .row('time', 'time since the drop', { page: true })
    .row('contacts', 'circles touching the line', { short: 'circles touching' })
    .row('lost', 'circles that fell past it', { page: true, short: 'fallen past' })
    .row('speed', 'fastest circle (units/s)', { page: true });

  /** The line (a half-plane, solid below: A→B taken left to right) or the segment, as a static. */
  function placeStatic() {
    const s = state;
    if (line !== null) world.removeStatic(line);
    if (s.segmentOnly) line = world.addSegment(s.ax, s.ay, s.bx, s.by);
    else if (s.ax <= s.bx) line = world.addLine(s.ax, s.ay, s.bx, s.by);
    else line = world.addLine(s.bx, s.by, s.ax, s.ay);
    const b = world.balls;
    for (let i = 0; i < b.slotCount; i++) if (b.alive(i)) world.wakeBall(world.ballHandle(i));
  }

  function read() {
    const b = world.balls;
    state.circles.forEach((c, i) => {
      if (c.lost) return;
      c.x = b.x[i];
      c.y = b.y[i];
      c.vx = b.vx[i];
      c.vy = b.vy[i];
    });
  }

  function drop() {
    world?.destroy();
    world = new api.World({ ballCapacity: 16, staticCapacity: 4 });
    line = null;
    touching.clear();
    placeStatic();
    const rnd = random(2009);
    state.circles = [];
    for (let i = 0; i < COUNT; i++) {
      const r = 0.35 + rnd() * 0.35;
      const x = -7 + (14 * (i + 0.5)) / COUNT + (rnd() - 0.5) * 0.4;
      const y = 6 + r + rnd() * 4;
      world.addBall(x, y, r, BALL); // slot i
      state.circles.push({ x, y, vx: 0, vy: 0, r, lost: false });
    }
    state.drops++;
    state.time = 0;
    state.contacts = 0;
  }

  function step(dt) {
    const s = state;
    s.time += dt;
    world.step();
    // Who touches the static: the world's begin and end events (kind 0: ball–static).
    const { begin, end } = world.events;
    for (const e of end.toArray()) if (e.kind === 'static') touching.delete(e.ball); // e.ball: the ball's slot
    for (const e of begin.toArray()) if (e.kind === 'static') touching.add(e.ball);
    read();
    const floor = stage.view.visible().y0 - 2;
    s.circles.forEach((c, i) => {
      if (!c.lost && c.y < floor) {
        world.removeBall(world.ballHandle(i));
        touching.delete(i);
        c.lost = true;
        c.vx = c.vy = 0;
      }
    });
    s.contacts = touching.size;
  }

  function report() {
    const s = state;
    out.set('mode', s.segmentOnly ? 'the segment A→B' : 'the infinite line');
    out.set('time', `${num(s.time, 1)} s`);
    out.set('contacts', String(s.contacts));
    out.set('lost', String(s.circles.filter((c) => c.lost).length));
    let fastest = 0;
    for (const c of s.circles) if (!c.lost) fastest = Math.max(fastest, Math.hypot(c.vx, c.vy));
    out.set('speed', num(fastest));
  }

  function scene(ctx, view) {
    const s = state;
    draw.clear(ctx, view);
    draw.grid(ctx, view);
    if (s.segmentOnly) {
      draw.line(ctx, view, s.ax, s.ay, s.bx, s.by, colors.faint, 1, [4, 6]);
      draw.segment(ctx, view, s.ax, s.ay, s.bx, s.by, colors.shape, 4);
    } else {
      draw.line(ctx, view, s.ax, s.ay, s.bx, s.by, colors.shape, 3);
    }
    for (const c of s.circles) {
      if (c.lost) continue;
      draw.circle(ctx, view, c.x, c.y, c.r, colors.mover, colors.moverFill, 2);
    }
    report();
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -8, y0: -5, x1: 8, y1: 5 },
    draw: scene,
    step,
  });
  const keepApart = (x, y, ox, oy) => Math.hypot(x - ox, y - oy) > 0.5;
  stage.addHandle({
    label: 'A', color: colors.shape, get: () => ({ x: state.ax, y: state.ay }),
    set: (x, y) => { if (keepApart(x, y, state.bx, state.by)) { state.ax = x; state.ay = y; placeStatic(); } },
  });
  stage.addHandle({
    label: 'B', color: colors.shape, get: () => ({ x: state.bx, y: state.by }),
    set: (x, y) => { if (keepApart(x, y, state.ax, state.ay)) { state.bx = x; state.by = y; placeStatic(); } },
  });

  toggle.checked = state.segmentOnly;
  toggle.addEventListener('change', () => {
    state.segmentOnly = toggle.checked;
    placeStatic();
    stage.invalidate();
  });
  restart.addEventListener('click', () => {
    drop();
    stage.invalidate();
  });
  drop();
  // A Pause button, and paused at first under reduced motion.
  const setRunning = playPause(el.querySelector('button[name="play"]'), stage);
  return { state, stage, drop, setRunning, get world() { return world; } };
}
