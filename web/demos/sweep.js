// Section 5, fourth demo: a circle moving from X0 to X1 in one step, against
// a capsule. capsule2d's sweepCircleCapsule gives the time of impact t in
// [0, 1] and the contact there; a plain overlap test at X1 alone is shown
// beside it, because that is all a per-frame test ever sees.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';

const { colors } = draw;

export const needs = ['sweepCircleCapsule', 'collideCapsuleCircle'];

export function mount(el, api) {
  const state = {
    ax: -1, ay: -3, bx: 1, by: 3, cr: 0.35, // a thin capsule
    x0: -5.5, y0: 1, x1: 5, y1: -1.5, r: 0.7, // the move
    hit: null, // SweepHit or null
    endOverlap: false, // what an overlap test at X1 alone says
  };
  const result = api.createSweepHit();

  const out = new Readout(el.querySelector('.readout'))
    .row('t', 'time of impact t', { short: 't' })
    .row('c', 'centre at t: X0 + t (X1 − X0)', { short: 'centre' })
    .row('n', 'normal <var>n</var> (capsule → circle)')
    .row('p', 'contact point')
    .row('inside', 'touching at the start')
    .row('end', 'overlap test at X1 only', { short: 'at X1 only' });

  function update() {
    const s = state;
    s.hit = api.sweepCircleCapsule(s.ax, s.ay, s.bx, s.by, s.cr, s.x0, s.y0, s.x1, s.y1, s.r, result);
    s.endOverlap = api.collideCapsuleCircle(s.ax, s.ay, s.bx, s.by, s.cr, s.x1, s.y1, s.r) !== null;
    const h = s.hit;
    if (h) {
      out.set('t', num(h.t, 3), 'hit');
      out.set('c', vec(h.x, h.y));
      out.set('n', vec(h.nx, h.ny, 3));
      out.set('p', vec(h.pointX, h.pointY));
      out.set('inside', h.startsInside ? 'yes (t = 0)' : 'no');
    } else {
      out.set('t', 'no hit', 'miss');
      for (const k of ['c', 'n', 'p', 'inside']) out.set(k, '—');
    }
    const missed = h && !s.endOverlap;
    out.set('end', s.endOverlap ? 'overlap' : missed ? 'no overlap: tunnelled' : 'no overlap', missed ? 'warn' : '');
  }

  function scene(ctx, view) {
    const s = state;
    const h = s.hit;
    draw.clear(ctx, view);
    draw.grid(ctx, view);
    // Everything the circle covers during the move: a capsule X0→X1 of radius r.
    draw.capsule(ctx, view, s.x0, s.y0, s.x1, s.y1, s.r, null, colors.moverWash);
    draw.capsule(ctx, view, s.ax, s.ay, s.bx, s.by, s.cr, colors.shape, colors.shapeFill, 2);
    draw.segment(ctx, view, s.x0, s.y0, s.x1, s.y1, colors.faint, 1.5, [5, 5]);
    draw.circle(ctx, view, s.x0, s.y0, s.r, colors.mover, colors.moverFill, 2);
    draw.circle(ctx, view, s.x1, s.y1, s.r, colors.mover, null, 2, [5, 4]);
    if (h) {
      draw.circle(ctx, view, h.x, h.y, s.r, colors.hit, colors.hitFill, 2.5);
      draw.arrow(ctx, view, h.pointX, h.pointY, h.nx * 1.3, h.ny * 1.3, colors.normal, 2.5);
      draw.dot(ctx, view, h.pointX, h.pointY, colors.point, '', 4);
      draw.label(ctx, view, h.x, h.y + s.r + 14 / view.scale, `t = ${num(h.t)}`, colors.hit, 'center');
    }
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -7, y0: -4.4, x1: 7, y1: 4.4 },
    draw: scene,
    changed: update,
  });
  stage.addHandle({ label: 'A', color: colors.shape, get: () => ({ x: state.ax, y: state.ay }), set: (x, y) => { state.ax = x; state.ay = y; } });
  stage.addHandle({ label: 'B', color: colors.shape, get: () => ({ x: state.bx, y: state.by }), set: (x, y) => { state.bx = x; state.by = y; } });
  stage.addHandle({ label: 'X0', color: colors.mover, get: () => ({ x: state.x0, y: state.y0 }), set: (x, y) => { state.x0 = x; state.y0 = y; } });
  stage.addHandle({ label: 'X1', color: colors.mover, get: () => ({ x: state.x1, y: state.y1 }), set: (x, y) => { state.x1 = x; state.y1 = y; } });
  update();
  return { state, stage, update };
}
