// Section 5, first demo: circle against circle with capsule2d's collideCircles.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';

const { colors } = draw;

export const needs = ['collideCircles'];

export function mount(el, api) {
  const state = {
    ax: -1.5, ay: 0, ar: 1.8, // circle A (static)
    bx: 2.2, by: 1.4, br: 1.2, // circle B (follows the pointer)
    contact: null,
  };
  const contact = api.createContact();
  const out = new Readout(el.querySelector('.readout'))
    .row('d', 'distance |B − A|', { page: true })
    .row('sum', 'r<sub>A</sub> + r<sub>B</sub>', { page: true })
    .row('hit', 'hit when |B − A| ≤ r<sub>A</sub> + r<sub>B</sub>', { short: 'hit' })
    .row('n', 'normal <var>n</var> = (B − A) / |B − A|', { short: 'n' })
    .row('depth', 'depth = r<sub>A</sub> + r<sub>B</sub> − |B − A|', { short: 'depth' })
    .row('point', 'contact point A + <var>n</var> r<sub>A</sub>');

  function update() {
    const s = state;
    s.contact = api.collideCircles(s.ax, s.ay, s.ar, s.bx, s.by, s.br, contact);
    out.set('d', num(Math.hypot(s.bx - s.ax, s.by - s.ay)));
    out.set('sum', num(s.ar + s.br));
    if (s.contact) {
      out.set('hit', 'yes', 'hit');
      out.set('n', vec(s.contact.nx, s.contact.ny, 3));
      out.set('depth', num(s.contact.depth, 3));
      out.set('point', vec(s.contact.pointX, s.contact.pointY));
    } else {
      out.set('hit', 'no', 'miss');
      for (const k of ['n', 'depth', 'point']) out.set(k, '—');
    }
  }

  function scene(ctx, view) {
    const s = state;
    const c = s.contact;
    draw.clear(ctx, view);
    draw.grid(ctx, view);
    draw.circle(ctx, view, s.ax, s.ay, s.ar, colors.shape, colors.shapeFill, 2);
    if (c) draw.circle(ctx, view, s.bx + c.nx * c.depth, s.by + c.ny * c.depth, s.br, colors.ghost, null, 2, [6, 5]);
    draw.circle(ctx, view, s.bx, s.by, s.br, c ? colors.hit : colors.mover, c ? colors.hitFill : colors.moverFill, 2);
    draw.segment(ctx, view, s.ax, s.ay, s.bx, s.by, colors.faint, 1.5, [4, 4]);
    if (c) {
      draw.arrow(ctx, view, c.pointX, c.pointY, c.nx * 1.4, c.ny * 1.4, colors.normal, 2.5);
      draw.dot(ctx, view, c.pointX, c.pointY, colors.point, '', 4);
    }
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -7, y0: -4.4, x1: 7, y1: 4.4 },
    draw: scene,
    changed: update,
  });
  stage.addHandle({ label: 'A', color: colors.shape, get: () => ({ x: state.ax, y: state.ay }), set: (x, y) => { state.ax = x; state.ay = y; } });
  stage.follower = stage.addHandle({ label: 'B', color: colors.mover, get: () => ({ x: state.bx, y: state.by }), set: (x, y) => { state.bx = x; state.by = y; } });
  update();
  return { state, stage, update };
}
