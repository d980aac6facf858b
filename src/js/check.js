// capsule2d — argument checks shared by the API. Each throws before anything
// touches the wasm heap: TypeError for a wrong type, RangeError for a value
// out of range, with the argument's name and value in the message.

function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'object') return Object.prototype.toString.call(value);
  return `${typeof value} ${String(value)}`;
}

/** A number that stays finite when rounded to float32; returns the rounded value. */
export function f32(value, name) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  const f = Math.fround(value);
  if (f - f !== 0) throw new RangeError(`${name} must be finite as a float32, got ${value}`);
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
  const f = f32(value, name);
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
