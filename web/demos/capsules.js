// Section 3, third demo: a capsule against another capsule. capsule2d's
// collideCapsules finds the closest points of the two cores; they touch
// when that distance is at most r1 + r2. The normal runs from capsule 1
// toward capsule 2; two parallel, overlapping capsules get two contact
// points (a manifold), so a capsule lying on another rests flat.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';

const { colors } = draw;

export const needs = ['collideCapsules', 'createManifold'];

export function mount(el, api) {
  const state = {
    a1x: -5, a1y: -1.5, b1x: 2, b1y: -2.5, r1: 0.9, // capsule 1 (A)
    a2x: -0.5, a2y: 2.8, b2x: 0.5, b2y: -0.85, r2: 0.6, // capsule 2 (B), touching capsule 1
    contact: null, // capsule2d's Manifold, or null on a miss
  };
  const manifold = api.createManifold();

  const out = new Readout(el.querySelector('.readout'))
    .row('hit', 'hit when distance of the cores ≤ r<sub>1</sub> + r<sub>2</sub>', { short: 'hit' })
    .row('count', 'contact points', { short: 'points' })
    .row('n', 'normal <var>n</var> (capsule 1 → capsule 2)', { short: 'n' })
    .row('depth', 'depth', { short: 'depth' })
    .row('p', 'contact point on capsule 1')
    .row('depth2', 'second depth')
    .row('p2', 'second contact point');

  function update() {
    const s = state;
    s.contact = api.collideCapsules(s.a1x, s.a1y, s.b1x, s.b1y, s.r1, s.a2x, s.a2y, s.b2x, s.b2y, s.r2, manifold);
    const c = s.contact;
    if (c) {
      out.set('hit', 'yes', 'hit');
      out.set('count', String(c.count));
      out.set('n', vec(c.nx, c.ny, 3));
      out.set('depth', num(c.depth, 3));
      out.set('p', vec(c.pointX, c.pointY));
      out.set('depth2', c.count === 2 ? num(c.depth2, 3) : '—');
      out.set('p2', c.count === 2 ? vec(c.point2X, c.point2Y) : '—');
    } else {
      out.set('hit', 'no', 'miss');
      for (const k of ['count', 'n', 'depth', 'p', 'depth2', 'p2']) out.set(k, '—');
    }
  }

  function scene(ctx, view) {
    const s = state;
    const c = s.contact;
    draw.clear(ctx, view);
    draw.grid(ctx, view);
    draw.capsule(ctx, view, s.a1x, s.a1y, s.b1x, s.b1y, s.r1, colors.shape, colors.shapeFill, 2);
    draw.segment(ctx, view, s.a1x, s.a1y, s.b1x, s.b1y, colors.shape, 2);
    draw.capsule(ctx, view, s.a2x, s.a2y, s.b2x, s.b2y, s.r2, c ? colors.hit : colors.mover, c ? colors.hitFill : colors.moverFill, 2);
    draw.segment(ctx, view, s.a2x, s.a2y, s.b2x, s.b2y, c ? colors.hit : colors.mover, 2);
    if (c) {
      draw.arrow(ctx, view, c.pointX, c.pointY, c.nx * 1.4, c.ny * 1.4, colors.normal, 2.5);
      draw.dot(ctx, view, c.pointX, c.pointY, colors.point, c.count === 2 ? 'P1' : 'P', 5);
      if (c.count === 2) draw.dot(ctx, view, c.point2X, c.point2Y, colors.point, 'P2', 5);
    }
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -8, y0: -5, x1: 8, y1: 5 },
    draw: scene,
    changed: update,
  });
  const handle = (label, kx, ky, color) => stage.addHandle({
    label, color, get: () => ({ x: state[kx], y: state[ky] }), set: (x, y) => { state[kx] = x; state[ky] = y; },
  });
  handle('A1', 'a1x', 'a1y', colors.shape);
  handle('B1', 'b1x', 'b1y', colors.shape);
  handle('A2', 'a2x', 'a2y', colors.mover);
  handle('B2', 'b2x', 'b2y', colors.mover);

  /** Lays capsule 2 flat on capsule 1, overlapping it a little: the two-point case. */
  function parallel() {
    const s = state;
    const dx = s.b1x - s.a1x;
    const dy = s.b1y - s.a1y;
    const len = Math.hypot(dx, dy);
    const nx = -dy / len;
    const ny = dx / len;
    const off = s.r1 + s.r2 - 0.15;
    s.a2x = s.a1x + dx * 0.35 + nx * off;
    s.a2y = s.a1y + dy * 0.35 + ny * off;
    s.b2x = s.a1x + dx * 1.1 + nx * off;
    s.b2y = s.a1y + dy * 1.1 + ny * off;
    stage.clampHandles();
    stage.invalidate();
  }
  el.querySelector('button[name="parallel"]')?.addEventListener('click', parallel);
  update();
  return { state, stage, update, parallel };
}
