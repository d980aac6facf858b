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
