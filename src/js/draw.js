// capsule2d — debug draw of a world on a Canvas 2D context.
//
// drawWorld(ctx, world, options) draws, in one call: the static shapes
// (circles, segments, capsules and infinite lines), every ball in use as a
// circle with a spoke from its centre along its angle (so spin shows), and,
// optionally, the contact points with their normals. The world is read
// through its live views only (no allocation per ball); see draw.d.ts for the
// exact fields read.
//
// World → canvas: X = originX + scale·x, Y = originY − scale·y when yUp
// (the default: the world's y axis points up, the canvas's down), or
// Y = originY + scale·y when yUp is false.

const STATIC_CIRCLE = 0, STATIC_SEGMENT = 1, STATIC_CAPSULE = 2, STATIC_LINE = 3;
export const StaticKind = Object.freeze({ circle: STATIC_CIRCLE, segment: STATIC_SEGMENT, capsule: STATIC_CAPSULE, line: STATIC_LINE });

function finiteNumber(name, v) {
  if (typeof v !== 'number') throw new TypeError(`${name} must be a number, got ${typeof v}`);
  if (!Number.isFinite(v)) throw new RangeError(`${name} must be finite, got ${v}`);
  return v;
}

/**
 * A world→canvas transform.
 * @param {{scale?: number, originX?: number, originY?: number, yUp?: boolean}} [o]
 */
export function makeTransform(o = {}) {
  if (o === null || typeof o !== 'object') throw new TypeError(`transform must be an object, got ${o === null ? 'null' : typeof o}`);
  const scale = o.scale === undefined ? 1 : finiteNumber('transform.scale', o.scale);
  if (!(scale > 0)) throw new RangeError(`transform.scale must be > 0, got ${scale}`);
  const originX = o.originX === undefined ? 0 : finiteNumber('transform.originX', o.originX);
  const originY = o.originY === undefined ? 0 : finiteNumber('transform.originY', o.originY);
  if (o.yUp !== undefined && typeof o.yUp !== 'boolean') throw new TypeError(`transform.yUp must be a boolean, got ${typeof o.yUp}`);
  const yUp = o.yUp !== false;
  const sy = yUp ? -scale : scale;
  return {
    scale, originX, originY, yUp,
    x: (wx) => originX + scale * wx,
    y: (wy) => originY + sy * wy,
    /** Canvas point → world point. */
    toWorld: (cx, cy) => ({ x: (cx - originX) / scale, y: (cy - originY) / sy }),
  };
}

/**
 * The transform that fits a world rectangle into a canvas of width × height
 * pixels (uniform scale, centred, y up unless told otherwise).
 */
export function fitTransform(minX, minY, maxX, maxY, width, height, { yUp = true, margin = 0 } = {}) {
  for (const [n, v] of [['minX', minX], ['minY', minY], ['maxX', maxX], ['maxY', maxY], ['width', width], ['height', height], ['margin', margin]]) finiteNumber(n, v);
  if (!(maxX > minX)) throw new RangeError(`maxX must be > minX, got ${maxX} <= ${minX}`);
  if (!(maxY > minY)) throw new RangeError(`maxY must be > minY, got ${maxY} <= ${minY}`);
  if (!(width > 2 * margin) || !(height > 2 * margin)) throw new RangeError(`width and height must exceed 2·margin, got ${width} × ${height}, margin ${margin}`);
  const scale = Math.min((width - 2 * margin) / (maxX - minX), (height - 2 * margin) / (maxY - minY));
  const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2;
  const originX = width / 2 - scale * cx;
  const originY = yUp ? height / 2 + scale * cy : height / 2 - scale * cy;
  return makeTransform({ scale, originX, originY, yUp });
}

const DEFAULTS = {
  ballColor: '#1f6feb', spokeColor: '#0b2e6b', sleepingColor: '#8c959f', staticColor: '#24292f',
  sensorColor: '#2da44e', contactColor: '#cf222e', lineWidth: 1, normalLength: 12,
};

function allowedKeys(options) {
  const keys = ['transform', 'contacts', 'normals', 'statics', 'balls', ...Object.keys(DEFAULTS)];
  for (const k of Object.keys(options)) if (!keys.includes(k)) throw new TypeError(`options has an unknown key "${k}"`);
}

/**
 * Draws the world on a Canvas 2D context. Returns { balls, statics, contacts }:
 * how many of each were drawn.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('./draw.js').DrawableWorld} world
 * @param {import('./draw.js').DrawOptions} [options]
 */
export function drawWorld(ctx, world, options = {}) {
  if (ctx === null || typeof ctx !== 'object' || typeof ctx.beginPath !== 'function') throw new TypeError('ctx must be a Canvas 2D context');
  if (world === null || typeof world !== 'object' || world.balls === null || typeof world.balls !== 'object') throw new TypeError('world must be a World (or an object with balls views)');
  if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${options === null ? 'null' : typeof options}`);
  allowedKeys(options);
  const o = { ...DEFAULTS, ...options };
  const t = options.transform === undefined ? makeTransform() : (typeof options.transform.x === 'function' ? options.transform : makeTransform(options.transform));
  const X = t.x, Y = t.y, s = t.scale;
  const drawn = { balls: 0, statics: 0, contacts: 0 };
  ctx.save();
  ctx.lineWidth = o.lineWidth;

  // Statics.
  const st = options.statics === false ? null : world.statics;
  if (st && st.count > 0) {
    const w = ctx.canvas?.width ?? 0, h = ctx.canvas?.height ?? 0;
    for (const sensor of [false, true]) {
      ctx.beginPath();
      let any = false;
      for (let i = 0; i < st.count; i++) {
        if (st.alive && !st.alive[i]) continue;
        const isSensor = !!(st.sensor && st.sensor[i]);
        if (isSensor !== sensor) continue;
        any = true;
        drawn.statics++;
        const kind = st.kind[i], ax = st.ax[i], ay = st.ay[i], bx = st.bx[i], by = st.by[i], r = st.radius[i];
        if (kind === STATIC_CIRCLE) {
          ctx.moveTo(X(ax) + r * s, Y(ay));
          ctx.arc(X(ax), Y(ay), r * s, 0, 2 * Math.PI);
        } else if (kind === STATIC_LINE) {
          // An infinite line: drawn far enough both ways to cross the canvas.
          const dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy) || 1;
          const far = (Math.hypot(w, h) + Math.hypot(X(ax), Y(ay))) / s + 1;
          ctx.moveTo(X(ax - dx / len * far), Y(ay - dy / len * far));
          ctx.lineTo(X(ax + dx / len * far), Y(ay + dy / len * far));
        } else if (r > 0 && kind === STATIC_CAPSULE) {
          // Outline: the two sides and the two end caps.
          const dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy);
          const nx = len > 0 ? -dy / len : 0, ny = len > 0 ? dx / len : 1;
          const a = Math.atan2(t.yUp ? -ny : ny, nx); // canvas angle of the left normal
          ctx.moveTo(X(ax + nx * r), Y(ay + ny * r));
          ctx.lineTo(X(bx + nx * r), Y(by + ny * r));
          ctx.arc(X(bx), Y(by), r * s, a, a + Math.PI, !t.yUp);
          ctx.lineTo(X(ax - nx * r), Y(ay - ny * r));
          ctx.arc(X(ax), Y(ay), r * s, a + Math.PI, a + 2 * Math.PI, !t.yUp);
          ctx.closePath();
        } else {
          ctx.moveTo(X(ax), Y(ay));
          ctx.lineTo(X(bx), Y(by));
        }
      }
      if (any) {
        ctx.strokeStyle = sensor ? o.sensorColor : o.staticColor;
        ctx.stroke();
      }
    }
  }

  // Balls: awake and sleeping in two passes (two colours), spokes in a third.
  const b = world.balls;
  const n = options.balls === false ? 0 : b.count;
  for (const sleeping of [false, true]) {
    ctx.beginPath();
    let any = false;
    for (let i = 0; i < n; i++) {
      if (b.alive && !b.alive[i]) continue;
      const asleep = !!(b.sleeping && b.sleeping[i]);
      if (asleep !== sleeping) continue;
      any = true;
      const cx = X(b.x[i]), cy = Y(b.y[i]), r = b.radius[i] * s;
      ctx.moveTo(cx + r, cy);
      ctx.arc(cx, cy, r, 0, 2 * Math.PI);
    }
    if (any) {
      ctx.strokeStyle = sleeping ? o.sleepingColor : o.ballColor;
      ctx.stroke();
    }
  }
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    if (b.alive && !b.alive[i]) continue;
    drawn.balls++;
    const x = b.x[i], y = b.y[i], r = b.radius[i], a = b.angle ? b.angle[i] : 0;
    ctx.moveTo(X(x), Y(y));
    ctx.lineTo(X(x + r * Math.cos(a)), Y(y + r * Math.sin(a)));
  }
  if (drawn.balls > 0) {
    ctx.strokeStyle = o.spokeColor;
    ctx.stroke();
  }

  // Contacts: a dot at each point, and the normal (world units scaled to normalLength pixels).
  const c = options.contacts || options.normals ? world.contacts : null;
  if (c && c.count > 0) {
    const m = Math.min(c.count, c.x.length);
    ctx.fillStyle = o.contactColor;
    ctx.strokeStyle = o.contactColor;
    if (options.contacts) {
      for (let i = 0; i < m; i++) ctx.fillRect(X(c.x[i]) - 2, Y(c.y[i]) - 2, 4, 4);
    }
    if (options.normals) {
      ctx.beginPath();
      const L = o.normalLength / s;
      for (let i = 0; i < m; i++) {
        ctx.moveTo(X(c.x[i]), Y(c.y[i]));
        ctx.lineTo(X(c.x[i] + c.nx[i] * L), Y(c.y[i] + c.ny[i] * L));
      }
      ctx.stroke();
    }
    drawn.contacts = m;
  }
  ctx.restore();
  return drawn;
}
