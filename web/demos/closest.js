// Section 1: the closest point P on segment A→B to the pointer X.
// P and the clamped t come from capsule2d.closestPointOnSegment; the foot of
// the perpendicular on the line through A and B (the projection before
// clamping) from capsule2d.collideLineCircle. The steps between (v, w, the
// dot products, the raw t) are the page's own working, marked as such.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';

const { colors } = draw;

export const needs = ['closestPointOnSegment', 'collideLineCircle'];

export function mount(el, api) {
  const state = {
    ax: -5, ay: -1.5, bx: 4, by: 2, // the segment
    x: 1, y: -3, // the pointer X
    v: { x: 0, y: 0 }, w: { x: 0, y: 0 }, wv: 0, vv: 0, tRaw: 0,
    closest: { x: 0, y: 0, t: 0 }, // what capsule2d returned
    foot: { x: 0, y: 0 }, // the projection on the line through A and B, from capsule2d
  };
  const lineContact = { ...api.createContact(), distance: 0 };

  const out = new Readout(el.querySelector('.readout'))
    .row('v', '<var>v</var> = B − A', { page: true })
    .row('w', '<var>w</var> = X − A', { page: true })
    .row('wv', '<var>w</var>·<var>v</var>', { page: true })
    .row('vv', '<var>v</var>·<var>v</var>', { page: true })
    .row('traw', 't = <var>w</var>·<var>v</var> / <var>v</var>·<var>v</var>', { page: true, short: 'raw t' })
    .row('t', 't clamped to [0, 1]', { short: 't' })
    .row('p', 'P = A + t <var>v</var>', { short: 'P' });

  function update() {
    const s = state;
    s.v.x = s.bx - s.ax;
    s.v.y = s.by - s.ay;
    s.w.x = s.x - s.ax;
    s.w.y = s.y - s.ay;
    s.wv = s.w.x * s.v.x + s.w.y * s.v.y;
    s.vv = s.v.x * s.v.x + s.v.y * s.v.y;
    s.tRaw = s.vv === 0 ? 0 : s.wv / s.vv;
    api.closestPointOnSegment(s.ax, s.ay, s.bx, s.by, s.x, s.y, s.closest);
    // The foot of the perpendicular on the line through A and B: the core
    // point of a circle at X against that line (a radius that always reaches).
    if (s.vv > 0) {
      const d = api.lineSignedDistance(s.ax, s.ay, s.bx, s.by, s.x, s.y);
      const c = api.collideLineCircle(s.ax, s.ay, s.bx, s.by, s.x, s.y, Math.abs(d) + 1, lineContact);
      s.foot.x = c.coreX;
      s.foot.y = c.coreY;
    } else {
      s.foot.x = s.ax;
      s.foot.y = s.ay;
    }
    out.set('v', vec(s.v.x, s.v.y));
    out.set('w', vec(s.w.x, s.w.y));
    out.set('wv', num(s.wv));
    out.set('vv', num(s.vv));
    const clamped = s.tRaw < 0 || s.tRaw > 1;
    out.set('traw', num(s.tRaw, 3), clamped ? 'warn' : '');
    out.set('t', num(s.closest.t, 3) + (clamped ? (s.tRaw < 0 ? '  (at A)' : '  (at B)') : ''));
    out.set('p', vec(s.closest.x, s.closest.y));
  }

  function scene(ctx, view) {
    const s = state;
    draw.clear(ctx, view);
    draw.grid(ctx, view);
    // The line through A and B, where the unclamped t lives.
    draw.line(ctx, view, s.ax, s.ay, s.bx, s.by, colors.faint, 1, [4, 5]);
    draw.segment(ctx, view, s.ax, s.ay, s.bx, s.by, colors.shape, 4);
    draw.arrow(ctx, view, s.ax, s.ay, s.v.x, s.v.y, colors.vecV, 2);
    draw.arrow(ctx, view, s.ax, s.ay, s.w.x, s.w.y, colors.vecW, 2);
    draw.vectorLabel(ctx, view, s.ax, s.ay, s.v.x, s.v.y, 'v', colors.vecV, 1, 0.25);
    draw.vectorLabel(ctx, view, s.ax, s.ay, s.w.x, s.w.y, 'w', colors.vecW, -1);
    // The projection before clamping (hollow) and P (filled).
    const qx = s.foot.x;
    const qy = s.foot.y;
    if (s.tRaw < 0 || s.tRaw > 1) {
      draw.segment(ctx, view, s.x, s.y, qx, qy, colors.faint, 1, [3, 4]);
      draw.circle(ctx, view, qx, qy, 5 / view.scale, colors.faint, '#fff', 2);
      draw.label(ctx, view, qx, qy - 16 / view.scale, `t = ${num(s.tRaw)}`, colors.faint, 'center');
    }
    const p = s.closest;
    draw.segment(ctx, view, s.x, s.y, p.x, p.y, colors.point, 2, [6, 4]);
    draw.dot(ctx, view, p.x, p.y, colors.point, 'P', 6);
    draw.dot(ctx, view, s.x, s.y, colors.mover, '', 4);
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -8, y0: -5, x1: 8, y1: 5 },
    draw: scene,
    changed: update,
  });
  stage.addHandle({ label: 'A', color: colors.shape, get: () => ({ x: state.ax, y: state.ay }), set: (x, y) => { state.ax = x; state.ay = y; } });
  stage.addHandle({ label: 'B', color: colors.shape, get: () => ({ x: state.bx, y: state.by }), set: (x, y) => { state.bx = x; state.by = y; } });
  stage.follower = stage.addHandle({ label: 'X', color: colors.mover, get: () => ({ x: state.x, y: state.y }), set: (x, y) => { state.x = x; state.y = y; } });
  update();
  return { state, stage, update };
}
