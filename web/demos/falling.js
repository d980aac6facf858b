// Section 4, second demo: circles fall onto a line and settle. The contacts
// come from capsule2d (collideLineCircle, or collideSegmentCircle when the
// toggle limits the line to its segment; collideCircles between circles).
// The motion is a tiny fixed-step integrator written for this page: gravity,
// push-out along the normal, and a damped reflection of the velocity. It is
// a demo, not a physics engine.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num } from '../lib/readout.js';

const { colors } = draw;

export const needs = ['collideLineCircle', 'collideSegmentCircle', 'collideCircles'];

const COUNT = 11;
const GRAVITY = 18; // world units / s²
const BOUNCE = 0.35; // fraction of the normal speed kept in a bounce
const BOUNCE_SPEED = 1; // slower approaches do not bounce (circles come to rest)
const FRICTION = 0.4; // Coulomb friction coefficient

/** A small deterministic random sequence (mulberry32), so every drop is the same. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function mount(el, api) {
  const state = {
    ax: -4.5, ay: -2.2, bx: 4.5, by: -3.1,
    segmentOnly: false,
    circles: [],
    drops: 0, // how many times the circles were dropped
    time: 0, // seconds since the last drop
    contacts: 0, // circle-line contacts in the last step
  };
  const contact = api.createContact();
  const lineContact = { ...api.createContact(), distance: 0 };
  const toggle = el.querySelector('input[name="segment"]');
  const restart = el.querySelector('button[name="restart"]');

  const out = new Readout(el.querySelector('.readout'))
    .row('mode', 'the circles collide with')
    .row('time', 'time since the drop', { page: true })
    .row('contacts', 'circles touching the line', { short: 'circles touching' })
    .row('lost', 'circles that fell past it', { page: true, short: 'fallen past' })
    .row('speed', 'fastest circle (units/s)', { page: true });

  function drop() {
    const rnd = random(2009);
    state.circles = [];
    for (let i = 0; i < COUNT; i++) {
      const r = 0.35 + rnd() * 0.35;
      state.circles.push({
        x: -7 + (14 * (i + 0.5)) / COUNT + (rnd() - 0.5) * 0.4,
        y: 6 + r + rnd() * 4,
        vx: 0,
        vy: 0,
        r,
        lost: false,
      });
    }
    state.drops++;
    state.time = 0;
  }

  function collideWithLine(c) {
    const s = state;
    return s.segmentOnly
      ? api.collideSegmentCircle(s.ax, s.ay, s.bx, s.by, c.x, c.y, c.r, contact)
      : api.collideLineCircle(s.ax, s.ay, s.bx, s.by, c.x, c.y, c.r, lineContact);
  }

  /**
   * Pushes a circle out along n by depth and removes the part of its velocity
   * going into the surface (bouncing back only from a fast approach), with
   * Coulomb friction on the sliding part.
   */
  function respond(c, nx, ny, depth) {
    c.x += nx * depth;
    c.y += ny * depth;
    const vn = c.vx * nx + c.vy * ny;
    if (vn >= 0) return;
    const impulse = -(1 + (vn < -BOUNCE_SPEED ? BOUNCE : 0)) * vn;
    c.vx += impulse * nx;
    c.vy += impulse * ny;
    const tx = -ny;
    const ty = nx;
    const vt = c.vx * tx + c.vy * ty;
    const dv = Math.abs(vt) <= FRICTION * impulse ? -vt : -Math.sign(vt) * FRICTION * impulse;
    c.vx += dv * tx;
    c.vy += dv * ty;
  }

  function step(dt) {
    const s = state;
    s.time += dt;
    const floor = stage.view.visible().y0 - 2;
    for (const c of s.circles) {
      if (c.lost) continue;
      c.vy -= GRAVITY * dt;
      c.x += c.vx * dt;
      c.y += c.vy * dt;
      if (c.y < floor) {
        c.lost = true;
        c.vx = c.vy = 0;
      }
    }
    // A few relaxation passes: circles against each other, then the line.
    let touching = 0;
    for (let pass = 0; pass < 4; pass++) {
      for (let i = 0; i < s.circles.length; i++) {
        const a = s.circles[i];
        if (a.lost) continue;
        for (let j = i + 1; j < s.circles.length; j++) {
          const b = s.circles[j];
          if (b.lost) continue;
          const hit = api.collideCircles(a.x, a.y, a.r, b.x, b.y, b.r, contact);
          if (!hit) continue;
          const half = hit.depth / 2;
          a.x -= hit.nx * half;
          a.y -= hit.ny * half;
          b.x += hit.nx * half;
          b.y += hit.ny * half;
          // Equal masses: exchange the approaching part of the relative velocity.
          const vn = (b.vx - a.vx) * hit.nx + (b.vy - a.vy) * hit.ny;
          if (vn < 0) {
            const k = ((1 + (vn < -BOUNCE_SPEED ? BOUNCE : 0)) / 2) * vn;
            a.vx += k * hit.nx;
            a.vy += k * hit.ny;
            b.vx -= k * hit.nx;
            b.vy -= k * hit.ny;
          }
        }
      }
      for (const c of s.circles) {
        if (c.lost) continue;
        const hit = collideWithLine(c);
        if (!hit) continue;
        if (pass === 0) touching++;
        respond(c, hit.nx, hit.ny, hit.depth);
      }
    }
    s.contacts = touching;
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
    set: (x, y) => { if (keepApart(x, y, state.bx, state.by)) { state.ax = x; state.ay = y; } },
  });
  stage.addHandle({
    label: 'B', color: colors.shape, get: () => ({ x: state.bx, y: state.by }),
    set: (x, y) => { if (keepApart(x, y, state.ax, state.ay)) { state.bx = x; state.by = y; } },
  });

  toggle.checked = state.segmentOnly;
  toggle.addEventListener('change', () => {
    state.segmentOnly = toggle.checked;
    stage.invalidate();
  });
  restart.addEventListener('click', () => {
    drop();
    stage.invalidate();
  });
  drop();
  stage.animate(true);
  return { state, stage, drop };
}
