// The live scene at the top of the page: balls bounce and roll down two
// ramps into a cup, on capsule2d's World (new World, addCapsule, addBall,
// step, drawWorld). The visitor drags the ramps and the cup (a static cannot
// be edited once added: the page removes it and adds it again where it was
// dragged, and wakes the balls around it) and clicks or taps to drop a ball.
// Balls that fall out of view are removed; a spout at the top keeps about
// MAX_FLOW balls coming. Every 30 s the cup's bottom is removed for 2.5 s
// (the resting, sleeping pile wakes and pours out), so the scene never
// stands still. prefers-reduced-motion starts it paused.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';
import { announce } from '../lib/announce.js';
import { drawOptions, reducedMotion, StepTimer, random, restCount, wakeIn } from '../lib/world-scene.js';

const { colors } = draw;

export const needs = ['World', 'drawWorld'];

const MAX_FLOW = 120; // the spout stops while this many balls are in play
const MAX_BALLS = 400; // clicks add beyond MAX_FLOW, up to this
const SPOUT_EVERY = 6; // steps between two balls from the spout
const BALL = { restitution: 0.45, friction: 0.5, rollingResistance: 0.02 };
const RADIUS = 0.22;
const SHUT_STEPS = 1800; // the cup's bottom stays for 30 s (the balls pile up and fall asleep) ...
const OPEN_STEPS = 150; // ... then opens for 2.5 s (they wake and pour out), and so on

/** The draggable parts: each a set of capsules (ax, ay, bx, by, r) relative to its handle. */
const PARTS = [
  { name: 'upper ramp', mark: '1', x: -3.4, y: 2.3, caps: [[-3.8, 0.8, 3.8, -0.8, 0.2]] },
  { name: 'lower ramp', mark: '2', x: 2.9, y: -0.6, caps: [[-3.6, -0.9, 3.6, 0.9, 0.2]] },
  {
    name: 'cup', mark: '3', x: -3.6, y: -3.4,
    caps: [[-2.6, 1.5, -2.2, -1.1, 0.2], [-2.2, -1.1, 2.2, -1.1, 0.2], [2.2, -1.1, 2.6, 1.5, 0.2]],
  },
];

export function mount(el, api) {
  const world = new api.World({ ballCapacity: 512, staticCapacity: 16 });
  const rnd = random(18);
  const timer = new StepTimer();
  const state = {
    steps: 0,
    dropped: 0, // balls dropped by the visitor
    removed: 0, // balls that left the view
    running: false,
    doorOpen: false, // the cup's bottom taken away (removeStatic)
    doorSteps: 0, // steps since the bottom last opened or shut
    openings: 0,
    parts: PARTS.map((p) => ({ ...p, handles: [] })),
  };

  function place(part) {
    if (part === state.parts[2]) {
      state.doorOpen = false; // the cup is put back whole
      state.doorSteps = 0;
    }
    for (const h of part.handles) if (h !== null) world.removeStatic(h);
    part.handles = part.caps.map(([ax, ay, bx, by, r]) =>
      world.addCapsule(part.x + ax, part.y + ay, part.x + bx, part.y + by, r, { friction: 0.6 }));
  }
  const bounds = (part) => {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const [ax, ay, bx, by, r] of part.caps) {
      x0 = Math.min(x0, part.x + Math.min(ax, bx) - r);
      x1 = Math.max(x1, part.x + Math.max(ax, bx) + r);
      y0 = Math.min(y0, part.y + Math.min(ay, by) - r);
      y1 = Math.max(y1, part.y + Math.max(ay, by) + r);
    }
    return [x0 - 1, y0 - 1, x1 + 1, y1 + 1];
  };
  for (const p of state.parts) place(p);

  function addBall(x, y, vx = 0) {
    if (world.balls.live >= MAX_BALLS) return null;
    return world.addBall(x, y, RADIUS * (0.8 + 0.4 * rnd()), { ...BALL, vx, vy: 0 });
  }

  function step() {
    if (state.steps % SPOUT_EVERY === 0 && world.balls.live < MAX_FLOW) addBall(-6.6 + rnd() * 1.2, 5.6, 1.5);
    // The cup's bottom: shut for a while, then open, so the scene never stands still.
    const cup = state.parts[2];
    state.doorSteps++;
    if (!state.doorOpen && state.doorSteps >= SHUT_STEPS) {
      world.removeStatic(cup.handles[1]);
      cup.handles[1] = null;
      wakeIn(world, ...bounds(cup));
      state.doorOpen = true;
      state.doorSteps = 0;
      state.openings++;
    } else if (state.doorOpen && state.doorSteps >= OPEN_STEPS) {
      place(cup);
    }
    timer.step(world);
    state.steps++;
    // Balls that left the view (below or beside it) are removed.
    const b = world.balls;
    const { x, y } = b;
    for (let i = 0; i < b.slotCount; i++) {
      if (b.alive(i) && (y[i] < -8 || x[i] < -12 || x[i] > 12)) {
        world.removeBall(world.ballHandle(i));
        state.removed++;
      }
    }
  }

  const out = new Readout(el.querySelector('.readout'))
    .row('ms', 'ms per <code>world.step()</code>', { short: 'ms per step' })
    .row('balls', 'balls', { short: 'balls' })
    .row('asleep', 'asleep (at rest, not simulated)');

  let shownAt = -99;
  function report(force = false) {
    // Four times a second is enough to read; the scene itself runs every frame.
    if (!force && state.steps - shownAt < 15) return;
    shownAt = state.steps;
    const r = restCount(world);
    out.set('ms', timer.steps ? num(timer.mean, 2) : '—');
    out.set('balls', String(r.live));
    out.set('asleep', String(r.asleep));
  }

  function scene(ctx, view) {
    draw.clear(ctx, view);
    api.drawWorld(ctx, world, drawOptions(view));
    report(!state.running); // paused: always current
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -8, y0: -5, x1: 8, y1: 5 },
    draw: scene,
    step,
    tap: (p) => drop(p.x, p.y),
    summary: () => `${world.balls.live} balls`,
  });
  for (const part of state.parts) {
    stage.addHandle({
      label: part.name,
      mark: part.mark,
      color: colors.ink,
      get: () => ({ x: part.x, y: part.y }),
      set: (x, y) => {
        if (x === part.x && y === part.y) return;
        const before = bounds(part);
        part.x = x;
        part.y = y;
        place(part);
        const after = bounds(part);
        wakeIn(world, Math.min(before[0], after[0]), Math.min(before[1], after[1]), Math.max(before[2], after[2]), Math.max(before[3], after[3]));
      },
    });
  }

  function drop(x, y) {
    const h = addBall(x, y);
    if (h === null) {
      announce(`No ball dropped: ${MAX_BALLS} balls is the most here.`);
      return;
    }
    state.dropped++;
    report(true);
    stage.invalidate();
    announce(`Ball dropped at ${vec(x, y)}. ${world.balls.live} balls.`);
  }

  const playBtn = el.querySelector('button[name="play"]');
  const dropBtn = el.querySelector('button[name="drop"]');
  function setRunning(on, say = false) {
    state.running = on;
    stage.animate(on);
    playBtn.textContent = on ? 'Pause' : 'Play';
    if (say) announce(on ? 'Playing.' : `Paused. ${world.balls.live} balls.`);
    stage.invalidate();
  }
  playBtn.addEventListener('click', () => setRunning(!state.running, true));
  dropBtn.addEventListener('click', () => drop(-1 + rnd() * 2, 4.6));

  // A first picture with balls already on their way, then run (or wait, for reduced motion).
  for (let i = 0; i < 150; i++) step();
  timer.reset();
  setRunning(!reducedMotion());
  return { state, stage, world, timer, drop, setRunning, step };
}
