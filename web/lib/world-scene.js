// Shared pieces of the scenes that run on capsule2d's World (the live scene
// at the top, the playground, the falling circles): timing of world.step(),
// drawWorld's options for a View and the page palette, and the visitor's
// motion preference. The physics is all the library's; the page only adds
// balls, moves statics (remove and re-add: statics are fixed once added) and
// draws.
import { colors } from './draw.js';

/** True when the visitor asked for less motion: animated scenes start paused. */
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** drawWorld's options for a Stage's View, in the page's colours (marks ≥ 3:1 on the canvas). */
export function drawOptions(view, extra = {}) {
  return {
    scale: view.scale,
    originX: view.ox,
    originY: view.oy,
    yUp: view.flipY,
    ballColor: colors.mover,
    sleepColor: colors.faint,
    staticColor: colors.shape,
    contactColor: colors.hit,
    kinematicColor: colors.point, // flippers, seesaws
    markColor: colors.canvas, // spokes, pins, dashes, chains' insides: the canvas showing through
    ...extra,
  };
}

/** Times world.step(): the last step and a running mean over about 30 steps, in ms. */
export class StepTimer {
  constructor() {
    this.last = 0;
    this.mean = 0;
    this.steps = 0;
  }

  step(world) {
    const t0 = performance.now();
    world.step();
    this.last = performance.now() - t0;
    this.mean = this.steps === 0 ? this.last : this.mean + (this.last - this.mean) / 30;
    this.steps++;
  }

  reset() {
    this.last = 0;
    this.mean = 0;
    this.steps = 0;
  }
}

/** A small deterministic random sequence (mulberry32): the same scene on every load. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Live balls slower than `speed` (units/s), and how many are asleep. */
export function restCount(world, speed = 0.05) {
  const b = world.balls;
  const { vx, vy } = b;
  let slow = 0;
  let asleep = 0;
  for (let i = 0; i < b.slotCount; i++) {
    if (!b.alive(i)) continue;
    if (Math.hypot(vx[i], vy[i]) < speed) slow++;
    if (!b.awake(i)) asleep++;
  }
  return { slow, asleep, live: b.live };
}

/** Wakes the balls in a box (after a static there moved or went away). */
export function wakeIn(world, x0, y0, x1, y1) {
  for (const h of world.queryBox(x0, y0, x1, y1)) if (world.hasBall(h)) world.wakeBall(h);
}

/**
 * How many fixed steps a frame may run, and how fast the simulation runs
 * against the clock. A frame whose step and draw fit in under half of a
 * 60 Hz frame may run up to 4 steps to catch up after a late frame (real
 * time kept); a heavier one runs one step per frame, so the frame rate holds
 * and the simulation slows instead (shown as "×0.4 real time").
 */
export class Pace {
  constructor() {
    this.samples = []; // [time ms, steps] of recent frames, about the last second
  }

  /** Steps a frame may run, from the mean ms of a step and of a draw. */
  static maxSteps(stepMs, drawMs) {
    return stepMs + drawMs < 0.5 * (1000 / 60) ? 4 : 1;
  }

  /** Called once per drawn frame while running, with the step count so far. */
  frame(now, steps) {
    this.samples.push([now, steps]);
    while (this.samples.length > 2 && now - this.samples[1][0] >= 1000) this.samples.shift();
  }

  /** Forgets the samples (paused, reset, rewound). */
  reset() {
    this.samples.length = 0;
  }

  /** Simulated seconds per real second over the last second (dt 1/60), or null before half a second of frames. */
  speed() {
    const s = this.samples;
    if (s.length < 2) return null;
    const [t0, n0] = s[0];
    const [t1, n1] = s[s.length - 1];
    if (t1 - t0 < 500) return null;
    return ((n1 - n0) / 60) / ((t1 - t0) / 1000);
  }

  /** Frames per second over the same window, or null. */
  fps() {
    const s = this.samples;
    if (s.length < 2 || s[s.length - 1][0] - s[0][0] < 500) return null;
    return (s.length - 1) / ((s[s.length - 1][0] - s[0][0]) / 1000);
  }
}
