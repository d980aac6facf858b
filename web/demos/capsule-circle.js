// Section 3: a circle following the pointer against a capsule (a segment
// with a radius). capsule2d's collideCapsuleCircle gives the contact; the
// optional distance field colours every point of the plane by its distance
// to the capsule, from capsule2d's closestPointOnSegment.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';

const { colors } = draw;
const CELL = 3; // CSS pixels per distance-field sample

export const needs = ['closestPointOnSegment', 'collideCapsuleCircle', 'pushOut'];

export function mount(el, api) {
  const state = {
    ax: -4, ay: -1, bx: 3.5, by: 1.5, cr: 1.2, // capsule: core A→B, radius cr
    x: 2, y: -2.5, r: 1, // the circle
    field: false,
    closest: { x: 0, y: 0, t: 0 },
    contact: null,
    pushed: { x: 0, y: 0 },
    fieldBuilds: 0, // how many times the field was recomputed
  };
  const contact = api.createContact();
  const slider = el.querySelector('input[name="radius"]');
  const toggle = el.querySelector('input[name="field"]');
  const radiusText = el.querySelector('[data-show="radius"]');

  const out = new Readout(el.querySelector('.readout'))
    .row('p', 'closest core point P', { short: 'P' })
    .row('d', '|X − P|', { page: true })
    .row('sum', 'inflated radius r + r<sub>c</sub>', { page: true })
    .row('hit', 'hit when |X − P| ≤ r + r<sub>c</sub>', { short: 'hit' })
    .row('n', 'normal <var>n</var> (capsule → circle)', { short: 'n' })
    .row('depth', 'depth = r + r<sub>c</sub> − |X − P|', { short: 'depth' })
    .row('field', 'field at X: |X − P| − r<sub>c</sub>', { page: true });

  function update() {
    const s = state;
    api.closestPointOnSegment(s.ax, s.ay, s.bx, s.by, s.x, s.y, s.closest);
    s.contact = api.collideCapsuleCircle(s.ax, s.ay, s.bx, s.by, s.cr, s.x, s.y, s.r, contact);
    const d = Math.hypot(s.x - s.closest.x, s.y - s.closest.y);
    out.set('p', vec(s.closest.x, s.closest.y));
    out.set('d', num(d));
    out.set('sum', num(s.r + s.cr));
    out.set('field', num(d - s.cr));
    if (s.contact) {
      const o = api.pushOut(s.contact);
      s.pushed.x = s.x + o.x;
      s.pushed.y = s.y + o.y;
      out.set('hit', 'yes', 'hit');
      out.set('n', vec(s.contact.nx, s.contact.ny, 3));
      out.set('depth', num(s.contact.depth, 3));
    } else {
      out.set('hit', 'no', 'miss');
      out.set('n', '—');
      out.set('depth', '—');
    }
    radiusText.textContent = num(s.cr);
  }

  // The distance field, cached until the capsule or the canvas changes.
  const fieldCanvas = document.createElement('canvas');
  let fieldKey = '';
  function buildField(view) {
    const s = state;
    const key = [s.ax, s.ay, s.bx, s.by, s.cr, view.width, view.height, view.flipY].join();
    if (key === fieldKey) return;
    fieldKey = key;
    s.fieldBuilds++;
    const w = Math.ceil(view.width / CELL);
    const h = Math.ceil(view.height / CELL);
    fieldCanvas.width = w;
    fieldCanvas.height = h;
    const fctx = fieldCanvas.getContext('2d');
    const img = fctx.createImageData(w, h);
    const p = { x: 0, y: 0, t: 0 };
    const band = (2 * Math.PI) / 0.5; // a contour every half unit
    for (let j = 0; j < h; j++) {
      for (let i = 0; i < w; i++) {
        const q = view.toWorld((i + 0.5) * CELL, (j + 0.5) * CELL);
        api.closestPointOnSegment(s.ax, s.ay, s.bx, s.by, q.x, q.y, p);
        const d = Math.hypot(q.x - p.x, q.y - p.y) - s.cr;
        // Pale colours (luminance at least 0.6), so that every mark drawn
        // over the field keeps at least 3:1 against it; a band every half unit.
        const inside = d < 0;
        const shade = 0.93 + 0.035 * (1 + Math.cos(band * d));
        const r = (inside ? 0.8 : 1) * shade;
        const g = (inside ? 0.88 : 0.92) * shade;
        const b = (inside ? 1 : 0.78) * shade;
        const k = (j * w + i) * 4;
        img.data[k] = r * 255;
        img.data[k + 1] = g * 255;
        img.data[k + 2] = b * 255;
        img.data[k + 3] = 255;
      }
    }
    fctx.putImageData(img, 0, 0);
  }

  function scene(ctx, view) {
    const s = state;
    draw.clear(ctx, view);
    if (s.field) {
      buildField(view);
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(fieldCanvas, 0, 0, fieldCanvas.width * CELL, fieldCanvas.height * CELL);
      draw.capsule(ctx, view, s.ax, s.ay, s.bx, s.by, s.cr, colors.ink, null, 2.5);
      draw.label(ctx, view, s.bx, s.by + s.cr + 14 / view.scale, 'distance 0', colors.ink, 'center');
    } else {
      draw.grid(ctx, view);
      draw.capsule(ctx, view, s.ax, s.ay, s.bx, s.by, s.cr, colors.shape, colors.shapeFill, 2);
    }
    draw.segment(ctx, view, s.ax, s.ay, s.bx, s.by, colors.shape, 2);
    const c = s.contact;
    // The same test seen as a segment test: the circle inflated by r_c.
    draw.circle(ctx, view, s.x, s.y, s.r + s.cr, colors.faint, null, 1.5, [4, 4]);
    if (c) draw.circle(ctx, view, s.pushed.x, s.pushed.y, s.r, colors.ghost, null, 2, [6, 5]);
    draw.circle(ctx, view, s.x, s.y, s.r, c ? colors.hit : colors.mover, c ? colors.hitFill : colors.moverFill, 2);
    draw.segment(ctx, view, s.x, s.y, s.closest.x, s.closest.y, colors.point, 1.5, [5, 4]);
    draw.dot(ctx, view, s.closest.x, s.closest.y, colors.point, 'P', 5);
    if (c) draw.arrow(ctx, view, c.pointX, c.pointY, c.nx * 1.5, c.ny * 1.5, colors.normal, 2.5);
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -8, y0: -5, x1: 8, y1: 5 },
    draw: scene,
    changed: update,
  });
  stage.addHandle({ label: 'A', color: colors.shape, get: () => ({ x: state.ax, y: state.ay }), set: (x, y) => { state.ax = x; state.ay = y; } });
  stage.addHandle({ label: 'B', color: colors.shape, get: () => ({ x: state.bx, y: state.by }), set: (x, y) => { state.bx = x; state.by = y; } });
  stage.follower = stage.addHandle({ label: 'X', color: colors.mover, get: () => ({ x: state.x, y: state.y }), set: (x, y) => { state.x = x; state.y = y; } });

  slider.value = String(state.cr);
  slider.addEventListener('input', () => {
    state.cr = Number(slider.value);
    update();
    stage.invalidate();
  });
  toggle.checked = state.field;
  toggle.addEventListener('change', () => {
    state.field = toggle.checked;
    stage.invalidate();
  });
  update();
  return { state, stage, update, fieldCanvas };
}
