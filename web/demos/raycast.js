// Section 5, third demo: a ray O + s·D (D = E − O, s in [0, 1]) cast against
// three capsules with capsule2d's rayCastCapsule; the nearest hit wins.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';

const { colors } = draw;

export const needs = ['rayCastCapsule'];

export const CAPSULES = [
  { ax: -4.5, ay: 1.5, bx: -1.5, by: 3, radius: 0.8 },
  { ax: 1, ay: -1.5, bx: 4.5, by: 0.5, radius: 1.1 },
  { ax: -2, ay: -2.5, bx: -2, by: -2.5, radius: 1 }, // zero length: a circle
];

export function mount(el, api) {
  const state = {
    ox: -6, oy: -0.5, ex: 6, ey: 1.8, // origin O and end E of the ray
    capsules: CAPSULES,
    hits: CAPSULES.map(() => null), // each capsule's RayHit or null
    nearest: -1, // index of the nearest hit capsule
  };
  const results = CAPSULES.map(() => api.createRayHit());

  const out = new Readout(el.querySelector('.readout'))
    .row('d', 'D = E − O', { page: true })
    .row('which', 'first capsule hit', { short: 'first hit' })
    .row('s', 'fraction s (hit at O + s·D)', { short: 's' })
    .row('p', 'hit point')
    .row('n', 'outward normal <var>n</var>')
    .row('inside', 'starts inside');

  function update() {
    const s = state;
    const dx = s.ex - s.ox;
    const dy = s.ey - s.oy;
    s.nearest = -1;
    s.capsules.forEach((c, i) => {
      s.hits[i] = api.rayCastCapsule(c.ax, c.ay, c.bx, c.by, c.radius, s.ox, s.oy, dx, dy, 1, results[i]);
      if (s.hits[i] && (s.nearest < 0 || s.hits[i].fraction < s.hits[s.nearest].fraction)) s.nearest = i;
    });
    out.set('d', vec(dx, dy));
    const h = s.nearest >= 0 ? s.hits[s.nearest] : null;
    if (h) {
      out.set('which', `capsule ${s.nearest + 1}`, 'hit');
      out.set('s', num(h.fraction, 3));
      out.set('p', vec(h.x, h.y));
      out.set('n', vec(h.nx, h.ny, 3));
      out.set('inside', h.startsInside ? 'yes: s = 0, n = −D/|D|' : 'no', h.startsInside ? 'warn' : '');
    } else {
      out.set('which', 'none', 'miss');
      for (const k of ['s', 'p', 'n', 'inside']) out.set(k, '—');
    }
  }

  function scene(ctx, view) {
    const s = state;
    draw.clear(ctx, view);
    draw.grid(ctx, view);
    s.capsules.forEach((c, i) => {
      const hit = i === s.nearest;
      draw.capsule(ctx, view, c.ax, c.ay, c.bx, c.by, c.radius, hit ? colors.hit : colors.shape, hit ? colors.hitFill : colors.shapeFill, 2);
      draw.label(ctx, view, (c.ax + c.bx) / 2, (c.ay + c.by) / 2, String(i + 1), hit ? colors.hit : colors.shape, 'center');
    });
    const h = s.nearest >= 0 ? s.hits[s.nearest] : null;
    if (h) {
      draw.segment(ctx, view, s.ox, s.oy, h.x, h.y, colors.mover, 3);
      draw.segment(ctx, view, h.x, h.y, s.ex, s.ey, colors.faint, 1.5, [5, 5]);
      draw.dot(ctx, view, h.x, h.y, colors.point, '', 5);
      draw.arrow(ctx, view, h.x, h.y, h.nx * 1.3, h.ny * 1.3, colors.normal, 2.5);
    } else {
      draw.arrow(ctx, view, s.ox, s.oy, s.ex - s.ox, s.ey - s.oy, colors.mover, 3);
    }
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -7, y0: -4.4, x1: 7, y1: 4.4 },
    draw: scene,
    changed: update,
  });
  // D = E − O must never be zero (capsule2d would rightly throw a RangeError).
  const apart = (x, y, ox, oy) => Math.hypot(x - ox, y - oy) > 0.2;
  stage.addHandle({ label: 'O', color: colors.mover, get: () => ({ x: state.ox, y: state.oy }), set: (x, y) => { if (apart(x, y, state.ex, state.ey)) { state.ox = x; state.oy = y; } } });
  stage.addHandle({ label: 'E', color: colors.mover, get: () => ({ x: state.ex, y: state.ey }), set: (x, y) => { if (apart(x, y, state.ox, state.oy)) { state.ex = x; state.ey = y; } } });
  update();
  return { state, stage, update };
}
