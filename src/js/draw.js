// capsule2d — debug drawing of a World on a Canvas 2D context: statics,
// balls with a spoke (so spin shows), and optionally the touching contacts
// with their normals; kinematic capsules in their own colour with a ring
// at the pivot and a tick showing where the pivot's spin moves the tip;
// a chain's joints as white dots, and a one-sided chain's colliding side as a tick
// at each piece's middle. Pivoted capsules (seesaws) draw like kinematic ones,
// with their angle limits as thin lines (the core at each limit). World units map to canvas pixels by `scale` around
// `origin`, y up by default (a y-down canvas is flipped for you).
import { World } from './world.js';
import { describe } from './errors.js';

const DEFAULTS = {
  scale: 20,
  originX: 0,
  originY: 0,
  yUp: true,
  contacts: false,
  ballColor: '#2f6fb2',
  sleepColor: '#8aa4c0',
  staticColor: '#444',
  sensorColor: 'rgba(0, 150, 80, 0.35)',
  contactColor: '#d0342c',
  kinematicColor: '#b86b00',
};
const KEYS = new Set(Object.keys(DEFAULTS));

/**
 * Draws `world` on `ctx`. Options: scale (px per world unit, default 20),
 * originX / originY (the canvas pixel of world (0, 0), default the top-left
 * corner), yUp (default true), contacts (default false: points and normals),
 * and colours. Returns the number of balls drawn.
 */
export function drawWorld(ctx, world, options) {
  // options first (each getter runs once), then the world and the context
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
    throw new TypeError(`drawWorld: options must be an object, got ${describe(options)}`);
  }
  const o = { ...DEFAULTS };
  for (const k of Object.keys(options ?? {})) {
    if (!KEYS.has(k)) throw new TypeError(`drawWorld: unknown option ${JSON.stringify(k)} (known: ${[...KEYS].join(', ')})`);
    const v = options[k];
    if (v !== undefined) o[k] = v; // undefined: the default, as for the World's options
  }
  for (const k of ['scale', 'originX', 'originY']) {
    if (typeof o[k] !== 'number') throw new TypeError(`drawWorld: options.${k} must be a number, got ${describe(o[k])}`);
    if (!Number.isFinite(o[k])) throw new RangeError(`drawWorld: options.${k} must be finite, got ${o[k]}`);
  }
  for (const k of ['yUp', 'contacts']) {
    if (typeof o[k] !== 'boolean') throw new TypeError(`drawWorld: options.${k} must be a boolean, got ${describe(o[k])}`);
  }
  if (!(o.scale > 0)) throw new RangeError(`drawWorld: options.scale must be > 0, got ${o.scale}`);
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
  const s = o.scale, sy = o.yUp ? -s : s;
  const X = (x) => o.originX + x * s, Y = (y) => o.originY + y * sy;

  ctx.save();
  ctx.lineCap = 'round';
  for (const st of world.statics()) {
    ctx.strokeStyle = st.sensor ? o.sensorColor : st.kind === 'kinematic' || st.kind === 'pivoted' ? o.kinematicColor : o.staticColor;
    ctx.fillStyle = ctx.strokeStyle;
    if (st.kind === 'line') {
      // A half-plane: its edge far beyond the view, and a short tick on the solid side.
      const dx = st.bx - st.ax, dy = st.by - st.ay, len = Math.hypot(dx, dy), far = 1e4 / s;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(X(st.ax - (dx / len) * far), Y(st.ay - (dy / len) * far));
      ctx.lineTo(X(st.ax + (dx / len) * far), Y(st.ay + (dy / len) * far));
      ctx.stroke();
    } else if (st.ax === st.bx && st.ay === st.by) {
      ctx.beginPath();
      ctx.arc(X(st.ax), Y(st.ay), Math.max(st.radius * s, 1), 0, 2 * Math.PI);
      ctx.fill();
    } else {
      ctx.lineWidth = Math.max(2 * st.radius * s, 1);
      ctx.beginPath();
      ctx.moveTo(X(st.ax), Y(st.ay));
      ctx.lineTo(X(st.bx), Y(st.by));
      ctx.stroke();
    }
    if (st.chain) {
      // A chain's joints: a white dot where each piece meets the one before.
      if (st.chain.prev >= 0) {
        ctx.fillStyle = '#fff';
        ctx.fillRect(X(st.ax) - 1.5, Y(st.ay) - 1.5, 3, 3);
      }
      // One-sided: a short tick from the middle toward the side that collides (the left of a→b).
      const len = Math.hypot(st.bx - st.ax, st.by - st.ay);
      if (st.chain.oneSided && len > 0) {
        const mx = (st.ax + st.bx) / 2, my = (st.ay + st.by) / 2, reach = st.radius + 6 / s;
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = '#fff';
        ctx.beginPath();
        ctx.moveTo(X(mx), Y(my));
        ctx.lineTo(X(mx - ((st.by - st.ay) / len) * reach), Y(my + ((st.bx - st.ax) / len) * reach));
        ctx.stroke();
      }
    }
    if (st.lowerAngle !== undefined) {
      // A pivoted capsule's angle limits: its core's place at each limit, as a thin line.
      const la = st.pivot * st.length, lb = (1 - st.pivot) * st.length;
      ctx.lineWidth = 1;
      ctx.strokeStyle = o.kinematicColor;
      ctx.beginPath();
      for (const a of [st.lowerAngle, st.upperAngle]) {
        const c = Math.cos(a), n = Math.sin(a);
        ctx.moveTo(X(st.x - c * la), Y(st.y - n * la));
        ctx.lineTo(X(st.x + c * lb), Y(st.y + n * lb));
      }
      ctx.stroke();
    }
    if (st.kind === 'kinematic' || st.kind === 'pivoted') {
      // The pivot: a white ring; the tip's velocity over 1/20 s as a tick.
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = '#fff';
      ctx.beginPath();
      ctx.arc(X(st.x), Y(st.y), Math.max(st.radius * s * 0.5, 2), 0, 2 * Math.PI);
      ctx.stroke();
      const far = st.pivot < 0.5 ? [st.bx, st.by] : [st.ax, st.ay];
      const tvx = st.vx - st.angularVelocity * (far[1] - st.y), tvy = st.vy + st.angularVelocity * (far[0] - st.x);
      if (tvx !== 0 || tvy !== 0) {
        ctx.strokeStyle = o.kinematicColor;
        ctx.beginPath();
        ctx.moveTo(X(far[0]), Y(far[1]));
        ctx.lineTo(X(far[0] + tvx / 20), Y(far[1] + tvy / 20));
        ctx.stroke();
      }
    }
  }
  const b = world.balls, n = b.count;
  const x = b.x, y = b.y, r = b.radius, a = b.angle;
  let drawn = 0;
  ctx.lineWidth = 1;
  for (let i = 0; i < n; i++) {
    if (!b.alive(i)) continue;
    const cx = X(x[i]), cy = Y(y[i]), rr = r[i] * s;
    ctx.fillStyle = b.awake(i) ? o.ballColor : o.sleepColor;
    ctx.beginPath();
    ctx.arc(cx, cy, rr, 0, 2 * Math.PI);
    ctx.fill();
    // The spoke: from the centre along the ball's angle.
    ctx.strokeStyle = '#fff';
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(cx + Math.cos(a[i]) * rr, cy + (o.yUp ? -1 : 1) * Math.sin(a[i]) * rr);
    ctx.stroke();
    drawn++;
  }
  if (o.contacts) {
    const c = world.contacts();
    ctx.strokeStyle = o.contactColor;
    ctx.fillStyle = o.contactColor;
    for (let k = 0; k < c.length; k += 6) {
      const px = X(c[k]), py = Y(c[k + 1]);
      ctx.fillRect(px - 2, py - 2, 4, 4);
      ctx.beginPath();
      ctx.moveTo(px, py);
      ctx.lineTo(px + c[k + 2] * 12, py + (o.yUp ? -1 : 1) * c[k + 3] * 12);
      ctx.stroke();
    }
  }
  ctx.restore();
  return drawn;
}
