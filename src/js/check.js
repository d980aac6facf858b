// capsule2d — argument checks shared by the API. Each throws before anything
// touches the wasm heap: TypeError for a wrong type, RangeError for a value
// out of range, with the argument's name and value in the message.

function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'object') return Object.prototype.toString.call(value);
  return `${typeof value} ${String(value)}`;
}

/** The coordinate range: every number capsule2d takes is within ±MAX_COORD
 *  after rounding to float32 (1e38, so that every difference of two
 *  coordinates and every sum of two radii is a finite float32). The C core's
 *  CAP_MAX_COORD. */
export const MAX_COORD = Math.fround(1e38);

/** Why a float32 is outside the coordinate range, or '' when it is inside. */
export function outOfRange(f) {
  if (Math.abs(f) <= MAX_COORD) return '';
  return f - f !== 0 ? 'must be finite as a float32' : 'must be within ±1e38 (the coordinate range)';
}

/** Any finite float32 (angles and ray lengths, which are not coordinates);
 *  returns the rounded value. */
export function finite32(value, name) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  const f = Math.fround(value);
  if (f - f !== 0) throw new RangeError(`${name} must be finite as a float32, got ${value}`);
  return f;
}

/** A number within the coordinate range when rounded to float32; returns the rounded value. */
export function f32(value, name) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  const f = Math.fround(value);
  const why = outOfRange(f);
  if (why) throw new RangeError(`${name} ${why}, got ${value}`);
  return f;
}

/** A finite float32 that is >= 0. */
export function radius(value, name) {
  const f = f32(value, name);
  if (f < 0) throw new RangeError(`${name} must be >= 0, got ${value}`);
  return f;
}

/** An optional caller-owned result object. */
export function resultObject(value, name) {
  if (value !== undefined && (value === null || typeof value !== 'object')) {
    throw new TypeError(`${name} must be an object to write the result into, got ${describe(value)}`);
  }
}

/** An optional ray length in units of the direction: finite and >= 0 (default 1). */
export function maxFraction(value, name) {
  if (value === undefined) return 1;
  // a multiplier, not a coordinate: any finite float32 (not only ±MAX_COORD)
  const f = finite32(value, name);
  if (f < 0) throw new RangeError(`${name} must be >= 0, got ${value}`);
  return f;
}

/** A direction (x, y) that is not (0, 0) after rounding to float32. */
export function nonZero(x, y, nameX, nameY) {
  if (x === 0 && y === 0) {
    throw new RangeError(`(${nameX}, ${nameY}) must not be the zero vector, got (${x}, ${y})`);
  }
}

/** Two points that must differ (a line through them). */
export function distinctPoints(ax, ay, bx, by, what) {
  if (ax === bx && ay === by) {
    throw new RangeError(`${what}: (ax, ay) and (bx, by) must differ to define a line (A = B), got (${ax}, ${ay}) for both`);
  }
}
