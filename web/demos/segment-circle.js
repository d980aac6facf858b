// Section 2: a circle following the pointer against segment A→B. The
// contact (closest point, normal, depth) comes from capsule2d's
// collideSegmentCircle; the ghost circle is the pushed-out position.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';

const { colors } = draw;

export const needs = ['closestPointOnSegment', 'collideSegmentCircle', 'pushOut'];

export function mount(el, api) {
  const state = {
    ax: -5, ay: 2, bx: 4, by: -1.5,
    x: 0.5, y: 1.5, r: 1.5,
    closest: { x: 0, y: 0, t: 0 },
    contact: null, // capsule2d's Contact, or null on a miss
    pushed: { x: 0, y: 0 },
  };
  const contact = api.createContact();

  const out = new Readout(el.querySelector('.readout'))
    .row('p', 'closest point P on A→B', { short: 'P' })
    .row('d', 'distance |X − P|', { page: true })
    .row('hit', 'hit when |X − P| ≤ r', { short: 'hit' })
    .row('n', 'normal <var>n</var> = (X − P) / |X − P|', { short: 'n' })
    .row('depth', 'depth = r − |X − P|', { short: 'depth' })
    .row('push', 'pushed out X + <var>n</var> · depth', { page: true });

  function update() {
    const s = state;
    api.closestPointOnSegment(s.ax, s.ay, s.bx, s.by, s.x, s.y, s.closest);
    s.contact = api.collideSegmentCircle(s.ax, s.ay, s.bx, s.by, s.x, s.y, s.r, contact);
    out.set('p', vec(s.closest.x, s.closest.y));
    out.set('d', num(Math.hypot(s.x - s.closest.x, s.y - s.closest.y)));
    if (s.contact) {
      const o = api.pushOut(s.contact);
      s.pushed.x = s.x + o.x;
      s.pushed.y = s.y + o.y;
      out.set('hit', 'yes', 'hit');
      out.set('n', vec(s.contact.nx, s.contact.ny, 3));
      out.set('depth', num(s.contact.depth, 3));
      out.set('push', vec(s.pushed.x, s.pushed.y));
    } else {
      out.set('hit', 'no', 'miss');
      for (const k of ['n', 'depth', 'push']) out.set(k, '—');
    }
  }

  function scene(ctx, view) {
    const s = state;
    draw.clear(ctx, view);
    draw.grid(ctx, view);
    // Where the centre X may be for the circle to touch A→B: every point within
    // r of the segment, a capsule of radius r that curves around A and B.
    ctx.setLineDash([6, 5]);
    draw.capsule(ctx, view, s.ax, s.ay, s.bx, s.by, s.r, colors.faint, colors.shapeFill, 1.5);
    ctx.setLineDash([]);
    {
      const len = Math.hypot(s.bx - s.ax, s.by - s.ay) || 1;
      const nx = -(s.by - s.ay) / len;
      const ny = (s.bx - s.ax) / len;
      const side = ny >= 0 ? -1 : 1; // the label below the segment's region
      draw.label(ctx, view, (s.ax + s.bx) / 2 + nx * side * (s.r + 0.45), (s.ay + s.by) / 2 + ny * side * (s.r + 0.45),
        'centres that touch', colors.faint, 'center');
    }
    draw.segment(ctx, view, s.ax, s.ay, s.bx, s.by, colors.shape, 4);
    const c = s.contact;
    if (c) {
      draw.circle(ctx, view, s.pushed.x, s.pushed.y, s.r, colors.ghost, null, 2, [6, 5]);
      draw.label(ctx, view, s.pushed.x, s.pushed.y + s.r + 12 / view.scale, 'pushed out', colors.ghost, 'center');
    }
    draw.circle(ctx, view, s.x, s.y, s.r, c ? colors.hit : colors.mover, c ? colors.hitFill : colors.moverFill, 2);
    draw.segment(ctx, view, s.x, s.y, s.closest.x, s.closest.y, colors.point, 1.5, [5, 4]);
    draw.dot(ctx, view, s.closest.x, s.closest.y, colors.point, 'P', 5);
    if (c) {
      draw.arrow(ctx, view, c.pointX, c.pointY, c.nx * 1.5, c.ny * 1.5, colors.normal, 2.5);
      draw.label(ctx, view, c.pointX + c.nx * 1.7, c.pointY + c.ny * 1.7, 'n', colors.normal, 'center');
    }
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
