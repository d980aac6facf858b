// capsule2d — debug drawing of a World on a Canvas 2D context: statics,
// balls with a spoke (so spin shows), capsule bodies, and optionally the touching contacts
// with their normals. Each kind reads apart without colour: awake balls are
// filled discs with a spoke in the mark colour, sleeping ones hollow rings;
// a kinematic capsule has a dashed core and a ring at its pivot; a pivoted
// one (a seesaw) a pin (a ring with a dot) and its angle limits as dashed
// lines; a chain is a hollow tube (a thin one has square ends), and a
// one-sided chain a tick at each piece's middle on its colliding side. The
// tick at a moving capsule's far tip shows the tip's velocity; joints are
// lines under the balls (a drag joint's dashed). World units
// map to canvas pixels by `scale` around `origin`, y up by default (a y-down
// canvas is flipped for you). `clear` and `background` wipe the canvas first.
import { World } from './world.js';
import { describe } from './errors.js';
import { readOptions, num, bool } from './check.js';
import { DRAW_CONTACT as DC, DRAW_CONTACT_WORDS } from './world-layout.js';

// undefined: none (background), or the colour named in the comment.
const DEFAULTS = {
  scale: 20,
  originX: 0,
  originY: 0,
  yUp: true,
  contacts: false,
  clear: false,
  background: undefined,
  ballColor: '#2f6fb2',
  sleepColor: '#6f8bab',
  staticColor: '#444',
  chainColor: undefined, // staticColor
  sensorColor: 'rgba(0, 150, 80, 0.35)',
  contactColor: '#d0342c',
  kinematicColor: '#b86b00',
  pivotedColor: undefined, // kinematicColor
  jointColor: '#8a4fa0',
  markColor: '#fff',
  lineWidth: 1.5,
  edgeWidth: 2,
};
const KEYS = new Set(Object.keys(DEFAULTS));
const COLORS = ['background', 'ballColor', 'sleepColor', 'staticColor', 'chainColor', 'sensorColor', 'contactColor',
  'kinematicColor', 'pivotedColor', 'jointColor', 'markColor'];

/**
 * Draws `world` on `ctx`. Options: scale (px per world unit, default 20),
 * originX / originY (the canvas pixel of world (0, 0), default the top-left
 * corner), yUp (default true), contacts (default false: points and normals),
 * clear (default false: clearRect the whole canvas first), background (a
 * colour to fill the whole canvas with first), colours and line widths.
 * Returns the number of balls drawn.
 */
export function drawWorld(ctx, world, options) {
  // options first (each getter runs once), then the world and the context
  const read = readOptions(options, KEYS, 'drawWorld: options', 'drawWorld');
  const o = { ...DEFAULTS };
  for (const k of Object.keys(read)) {
    if (read[k] !== undefined) o[k] = read[k]; // undefined: the default, as for the World's options
  }
  for (const k of ['scale', 'originX', 'originY', 'lineWidth', 'edgeWidth']) num(o[k], `drawWorld: options.${k}`, { f64: true });
  for (const k of ['yUp', 'contacts', 'clear']) bool(o[k], `drawWorld: options.${k}`);
  for (const k of COLORS) {
    if (o[k] === undefined) continue;
    if (typeof o[k] !== 'string') throw new TypeError(`drawWorld: options.${k} must be a CSS colour string, got ${describe(o[k])}`);
    if (o[k].trim() === '') throw new RangeError(`drawWorld: options.${k} must be a CSS colour, got the empty string`);
  }
  for (const k of ['scale', 'lineWidth', 'edgeWidth']) num(o[k], `drawWorld: options.${k}`, { f64: true, min: 0, minExclusive: true });
  o.chainColor ??= o.staticColor;
  o.pivotedColor ??= o.kinematicColor;
  if (!(world instanceof World)) throw new TypeError(`drawWorld: world must be a World, got ${describe(world)}`);
  try {
    if (world.destroyed) throw new RangeError('drawWorld: world was destroyed');
  } catch (e) {
    if (e instanceof RangeError) throw e;
    throw new TypeError('drawWorld: world must be a World made with new World(), got an object that only looks like one ' +
      '(a Proxy of a World, or made with Object.create(World.prototype)): pass the World itself');
  }
  if (ctx === null || typeof ctx !== 'object' || typeof ctx.beginPath !== 'function') {
    throw new TypeError(`drawWorld: ctx must be a CanvasRenderingContext2D, got ${describe(ctx)}`);
  }
  if (typeof ctx.setLineDash !== 'function') {
    throw new TypeError('drawWorld: ctx must be a CanvasRenderingContext2D, got an object with no setLineDash method');
  }
  let width = 0, height = 0;
  if (o.clear || o.background !== undefined) {
    const which = o.clear ? 'clear' : 'background';
    const canvas = ctx.canvas;
    width = canvas?.width;
    height = canvas?.height;
    if (typeof width !== 'number' || typeof height !== 'number' || typeof ctx.setTransform !== 'function' ||
        (o.clear && typeof ctx.clearRect !== 'function')) {
      throw new TypeError(`drawWorld: options.${which} needs a context with its canvas (ctx.canvas.width and height), ` +
        'setTransform and clearRect, as a CanvasRenderingContext2D has');
    }
  }
  const s = o.scale, sy = o.yUp ? -s : s, lw = o.lineWidth;
  const X = (x) => o.originX + x * s, Y = (y) => o.originY + y * sy;
  const line = (x0, y0, x1, y1) => {
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
  };

  ctx.save();
  if (o.clear || o.background !== undefined) {
    // The whole canvas, whatever transform the caller set.
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (o.clear) ctx.clearRect(0, 0, width, height);
    if (o.background !== undefined) {
      ctx.fillStyle = o.background;
      ctx.fillRect(0, 0, width, height);
    }
    ctx.restore();
  }
  ctx.lineCap = 'round';
  ctx.setLineDash([]);
  const chains = []; // drawn over in a second pass: { st, color, body }
  for (const st of world.statics()) {
    const moving = st.kind === 'kinematic' || st.kind === 'pivoted';
    const color = st.sensor ? o.sensorColor : st.kind === 'kinematic' ? o.kinematicColor : st.kind === 'pivoted' ? o.pivotedColor
      : st.chain ? o.chainColor : o.staticColor;
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    // The body's stroke width (capsules and segments), at least edgeWidth.
    const body = Math.max(2 * st.radius * s, o.edgeWidth);
    if (st.kind === 'line') {
      // A half-plane: its edge far beyond the view.
      const dx = st.bx - st.ax, dy = st.by - st.ay, len = Math.hypot(dx, dy), far = 1e4 / s;
      ctx.lineWidth = o.edgeWidth;
      line(X(st.ax - (dx / len) * far), Y(st.ay - (dy / len) * far), X(st.ax + (dx / len) * far), Y(st.ay + (dy / len) * far));
    } else if (st.ax === st.bx && st.ay === st.by) {
      ctx.beginPath();
      ctx.arc(X(st.ax), Y(st.ay), body / 2, 0, 2 * Math.PI);
      ctx.fill();
    } else {
      // A kinematic capsule's dash: along its core in the mark colour when
      // the body is wide enough to hold it (3 line widths), else the body
      // itself is dashed. (Round caps add a width to each dash.)
      const thinKinematic = st.kind === 'kinematic' && body < 3 * lw;
      ctx.lineWidth = body;
      if (thinKinematic) ctx.setLineDash([Math.max(2 * body, 4), Math.max(2 * body, 4) + body]);
      line(X(st.ax), Y(st.ay), X(st.bx), Y(st.by));
      if (thinKinematic) ctx.setLineDash([]);
      else if (st.kind === 'kinematic') {
        ctx.lineWidth = lw;
        ctx.strokeStyle = o.markColor;
        ctx.setLineDash([2 * lw, 3 * lw]);
        line(X(st.ax), Y(st.ay), X(st.bx), Y(st.by));
        ctx.setLineDash([]);
      }
    }
    if (st.chain) chains.push({ st, color, body });
    if (st.lowerAngle !== undefined) {
      // A pivoted capsule's angle limits: its core's place at each limit, dashed.
      const la = st.pivot * st.length, lb = (1 - st.pivot) * st.length;
      ctx.lineWidth = lw;
      ctx.strokeStyle = color;
      ctx.setLineDash([2 * lw, 2 * lw]);
      for (const a of [st.lowerAngle, st.upperAngle]) {
        const c = Math.cos(a), n = Math.sin(a);
        line(X(st.x - c * la), Y(st.y - n * la), X(st.x + c * lb), Y(st.y + n * lb));
      }
      ctx.setLineDash([]);
    }
    if (moving) {
      // The pivot: a ring in the mark colour (a pivoted capsule's with a pin
      // in it); the tip's velocity over 1/20 s as a tick.
      // (In the capsule's own colour when the ring is wider than a thin body.)
      const ring = Math.max(st.radius * s * 0.5, 2 + lw);
      const mark = ring + lw / 2 <= body / 2 ? o.markColor : color;
      ctx.lineWidth = lw;
      ctx.strokeStyle = mark;
      ctx.beginPath();
      ctx.arc(X(st.x), Y(st.y), ring, 0, 2 * Math.PI);
      ctx.stroke();
      if (st.kind === 'pivoted') {
        ctx.fillStyle = mark;
        ctx.beginPath();
        ctx.arc(X(st.x), Y(st.y), Math.max(ring * 0.4, lw), 0, 2 * Math.PI);
        ctx.fill();
      }
      const far = st.pivot < 0.5 ? [st.bx, st.by] : [st.ax, st.ay];
      const tvx = st.vx - st.angularVelocity * (far[1] - st.y), tvy = st.vy + st.angularVelocity * (far[0] - st.x);
      if (tvx !== 0 || tvy !== 0) {
        ctx.strokeStyle = color;
        line(X(far[0]), Y(far[1]), X(far[0] + tvx / 20), Y(far[1] + tvy / 20));
      }
    }
  }
  // Chains, over all the bodies (so no piece's cap cuts the next one's
  // inside): hollow tubes, the inside in the mark colour, seamless across
  // joints; a chain too thin for that (under 3 line widths) gets a square at
  // each free end instead of a round cap. A one-sided piece: a tick from its
  // middle toward the side that collides (the left of a→b).
  for (const { st, body } of chains) {
    if (body < 3 * lw) continue;
    ctx.lineWidth = body - 2 * lw;
    ctx.strokeStyle = o.markColor;
    line(X(st.ax), Y(st.ay), X(st.bx), Y(st.by));
  }
  for (const { st, color, body } of chains) {
    ctx.fillStyle = color;
    if (body < 3 * lw) {
      const d = body + 2 * lw;
      if (st.chain.prev < 0) ctx.fillRect(X(st.ax) - d / 2, Y(st.ay) - d / 2, d, d);
      if (st.chain.next < 0) ctx.fillRect(X(st.bx) - d / 2, Y(st.by) - d / 2, d, d);
    }
    const len = Math.hypot(st.bx - st.ax, st.by - st.ay);
    if (st.chain.oneSided && len > 0) {
      const mx = (st.ax + st.bx) / 2, my = (st.ay + st.by) / 2, reach = st.radius + 6 / s;
      ctx.lineWidth = lw;
      ctx.strokeStyle = color;
      line(X(mx), Y(my), X(mx - ((st.by - st.ay) / len) * reach), Y(my + ((st.bx - st.ax) / len) * reach));
    }
  }
  // Joints, under the balls: a line from the ball's centre to the other end
  // (a ball's centre, the world point, a drag joint's target: dashed); a
  // revolute joint: a line from each end's centre to the pin (its ring is
  // drawn over the capsule bodies, below).
  ctx.lineWidth = lw;
  ctx.strokeStyle = o.jointColor;
  world._jointLines((x0, y0, x1, y1, kind) => {
    ctx.setLineDash(kind === 'drag' ? [2 * lw, 2 * lw] : []);
    line(X(x0), Y(y0), X(x1), Y(y1));
  });
  ctx.setLineDash([]);
  const b = world.balls, n = b.slotCount;
  const x = b.x, y = b.y, r = b.radius, a = b.angle;
  let drawn = 0;
  ctx.lineWidth = lw;
  // Spokes with butt caps: they end on the rim (a round cap poked past it) and
  // raster about 1.3x faster (10,000 balls in Chromium's software canvas).
  ctx.lineCap = 'butt';
  for (let i = 0; i < n; i++) {
    if (!b.alive(i)) continue;
    const cx = X(x[i]), cy = Y(y[i]), rr = r[i] * s;
    const ex = cx + Math.cos(a[i]) * rr, ey = cy + (o.yUp ? -1 : 1) * Math.sin(a[i]) * rr;
    ctx.beginPath();
    if (b.awake(i)) {
      // Awake: a filled disc, the spoke in the mark colour.
      ctx.fillStyle = o.ballColor;
      ctx.arc(cx, cy, rr, 0, 2 * Math.PI);
      ctx.fill();
      ctx.strokeStyle = o.markColor;
    } else {
      // Asleep: a hollow ring (its outer edge on the ball's), the spoke in the ring's colour.
      ctx.strokeStyle = o.sleepColor;
      ctx.arc(cx, cy, Math.max(rr - lw / 2, lw / 2), 0, 2 * Math.PI);
      ctx.stroke();
    }
    // The spoke: from the centre along the ball's angle (none on a ball under
    // 3 px in radius: too small to show it, and it cost as much to raster as
    // the disc: 10 of 20 ms for 10,000 balls in Chromium's software canvas).
    if (rr >= 3) line(cx, cy, ex, ey);
    drawn++;
  }
  ctx.lineCap = 'round';
  // Capsule bodies: the body as a round-capped stroke 2r wide (ballColor
  // awake, sleepColor asleep), its core in the mark colour (so turning shows).
  const cb = world.capsuleBodies, nb = cb.slotCount;
  for (let i = 0; i < nb; i++) {
    if (!cb.alive(i)) continue;
    const hl = cb.halfLength[i], ux = Math.cos(cb.angle[i]) * hl, uy = Math.sin(cb.angle[i]) * hl;
    const x0 = X(cb.x[i] - ux), y0 = Y(cb.y[i] - uy), x1 = X(cb.x[i] + ux), y1 = Y(cb.y[i] + uy);
    ctx.lineWidth = Math.max(2 * cb.radius[i] * s, lw);
    ctx.strokeStyle = cb.awake(i) ? o.ballColor : o.sleepColor;
    line(x0, y0, x1, y1);
    ctx.lineWidth = lw;
    ctx.strokeStyle = o.markColor;
    line(x0, y0, x1, y1);
  }
  // Revolute joints' pins: a ring at each anchor, over the bodies.
  ctx.lineWidth = lw;
  ctx.strokeStyle = o.jointColor;
  world._jointLines((x0, y0, x1, y1, kind) => {
    if (kind !== 'revolute') return;
    ctx.beginPath();
    ctx.arc(X(x1), Y(y1), 2 * lw, 0, 2 * Math.PI);
    ctx.stroke();
  });
  if (o.contacts) {
    const c = world.contacts();
    ctx.strokeStyle = o.contactColor;
    ctx.fillStyle = o.contactColor;
    ctx.lineWidth = lw;
    for (let k = 0; k < c.length; k += DRAW_CONTACT_WORDS) {
      const px = X(c[k + DC.px]), py = Y(c[k + DC.py]);
      ctx.fillRect(px - 2, py - 2, 4, 4);
      line(px, py, px + c[k + DC.nx] * 12, py + (o.yUp ? -1 : 1) * c[k + DC.ny] * 12);
    }
  }
  ctx.restore();
  return drawn;
}
