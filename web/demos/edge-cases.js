// Section 5, second demo: the two inputs the seed article's code stopped on
// (a zero-length segment, a centre exactly on the segment), live, with what
// capsule2d's collideSegmentCircle returns instead. Points snap to a
// half-unit grid here so that "exactly on the segment" can be reached.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';
import { announce } from '../lib/announce.js';

const { colors } = draw;

export const needs = ['collideSegmentCircle', 'closestPointOnSegment'];

const snap = (v) => Math.round(v * 2) / 2;

export function mount(el, api) {
  const state = {
    ax: -4, ay: -1, bx: 4, by: 1, // the segment, on the grid
    x: 0, y: 0, r: 1.5, // the circle: its centre starts exactly on the segment
    closest: { x: 0, y: 0, t: 0 },
    contact: null,
    distance: 0,
    zeroLength: false,
    onSegment: false,
  };
  const contact = api.createContact();
  const caseText = el.querySelector('[data-show="case"]');

  const out = new Readout(el.querySelector('.readout'))
    .row('len', 'segment length |B − A|', { page: true })
    .row('p', 'closest point P')
    .row('dist', 'distance |X − P|', { page: true })
    .row('n', 'capsule2d\u2019s normal <var>n</var>', { short: 'n' })
    .row('depth', 'depth', { short: 'depth' })
    .row('seed', 'the seed article\u2019s code', { page: true, short: 'seed code' });

  function update() {
    const s = state;
    api.closestPointOnSegment(s.ax, s.ay, s.bx, s.by, s.x, s.y, s.closest);
    s.contact = api.collideSegmentCircle(s.ax, s.ay, s.bx, s.by, s.x, s.y, s.r, contact);
    s.distance = Math.hypot(s.x - s.closest.x, s.y - s.closest.y);
    s.zeroLength = s.ax === s.bx && s.ay === s.by;
    s.onSegment = s.distance === 0;
    out.set('len', num(Math.hypot(s.bx - s.ax, s.by - s.ay)));
    out.set('p', vec(s.closest.x, s.closest.y));
    out.set('dist', num(s.distance, 3), s.onSegment ? 'warn' : '');
    if (s.contact) {
      out.set('n', vec(s.contact.nx, s.contact.ny, 3), 'hit');
      out.set('depth', num(s.contact.depth, 3));
    } else {
      out.set('n', 'no contact', 'miss');
      out.set('depth', '—');
    }
    let seed;
    let text;
    if (s.zeroLength) {
      seed = 'stops: zero-length segment';
      text = s.onSegment
        ? 'A = B and the centre is on that point: there is no direction at all, so capsule2d returns the fixed normal (0, 1) and the full radius as depth.'
        : 'A = B: the segment is a point and the test is circle against point. capsule2d answers with the direction from that point to the centre, no division by a zero length.';
    } else if (s.onSegment) {
      seed = 'stops: centre on the segment';
      text = 'The centre is exactly on the segment, so X − P has no direction. capsule2d returns the left perpendicular of A→B (a fixed, documented choice) and the full radius as depth.';
    } else {
      seed = 'agrees';
      text = 'An ordinary case: the normal is the direction from P to the centre. Drag X onto the segment, or A onto B, or use the buttons.';
    }
    out.set('seed', seed, seed === 'agrees' ? '' : 'warn');
    caseText.textContent = text;
  }

  function scene(ctx, view) {
    const s = state;
    const c = s.contact;
    draw.clear(ctx, view);
    draw.grid(ctx, view);
    if (s.zeroLength) {
      draw.dot(ctx, view, s.ax, s.ay, colors.shape, '', 6);
    } else {
      draw.segment(ctx, view, s.ax, s.ay, s.bx, s.by, colors.shape, 4);
    }
    if (c) draw.circle(ctx, view, s.x + c.nx * c.depth, s.y + c.ny * c.depth, s.r, colors.ghost, null, 2, [6, 5]);
    draw.circle(ctx, view, s.x, s.y, s.r, c ? colors.hit : colors.mover, c ? colors.hitFill : colors.moverFill, 2);
    draw.dot(ctx, view, s.closest.x, s.closest.y, colors.point, '', 4);
    if (c) draw.arrow(ctx, view, c.pointX, c.pointY, c.nx * 1.5, c.ny * 1.5, colors.normal, 2.5);
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -7, y0: -4.4, x1: 7, y1: 4.4 },
    draw: scene,
    changed: update,
    minGap: 0, // A onto B, X onto the segment: the cases this example is about
  });
  stage.addHandle({ label: 'A', color: colors.shape, get: () => ({ x: state.ax, y: state.ay }), set: (x, y) => { state.ax = snap(x); state.ay = snap(y); } });
  stage.addHandle({ label: 'B', color: colors.shape, get: () => ({ x: state.bx, y: state.by }), set: (x, y) => { state.bx = snap(x); state.by = snap(y); } });
  stage.addHandle({ label: 'X', color: colors.mover, get: () => ({ x: state.x, y: state.y }), set: (x, y) => { state.x = snap(x); state.y = snap(y); } });

  const act = {
    // The midpoint of two grid points is exact in float32, and so is t = 1/2.
    'on-segment': () => { state.x = (state.ax + state.bx) / 2; state.y = (state.ay + state.by) / 2; },
    'zero-length': () => { state.bx = state.ax; state.by = state.ay; },
    'both': () => { state.bx = state.ax; state.by = state.ay; state.x = state.ax; state.y = state.ay; },
    'reset': () => { Object.assign(state, { ax: -4, ay: -1, bx: 4, by: 1, x: 1.5, y: 2 }); },
  };
  for (const button of el.querySelectorAll('button[data-act]')) {
    button.addEventListener('click', () => {
      act[button.dataset.act]();
      update();
      stage.invalidate();
      announce(`${out.summary()}. ${caseText.textContent}`);
    });
  }
  update();
  return { state, stage, update };
}
