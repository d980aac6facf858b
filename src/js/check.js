// capsule2d — argument checks shared by the API. Each throws before anything
// touches the wasm heap: TypeError for a wrong type, RangeError for a value
// out of range, with the argument's name and value in the message.

import { describe } from './errors.js';

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

/**
 * Why `key` cannot be written into `object` by assignment, or '' when it can:
 * an own or inherited read-only data property, an accessor without a setter,
 * or a missing property on an object that cannot get new ones.
 */
function unwritable(object, key) {
  let o = object, d;
  while (o !== null && (d = Object.getOwnPropertyDescriptor(o, key)) === undefined) o = Object.getPrototypeOf(o);
  if (d === undefined) return Object.isExtensible(object) ? '' : 'is missing and the object is not extensible';
  if ('value' in d) {
    if (!d.writable) return o === object ? 'is read-only' : 'is read-only (inherited)';
    if (o !== object && !Object.isExtensible(object)) return 'is inherited and the object is not extensible';
    return '';
  }
  return d.set === undefined ? 'is a getter without a setter' : '';
}

/**
 * An optional caller-owned result object, checked before the heap is
 * touched. A frozen, sealed or non-extensible object has every field checked
 * here (a read-only field or a getter without a setter: TypeError naming
 * result.<field>); an ordinary object is checked as it is written, by
 * results.js's writers, which leave it as it was when a field cannot be written.
 */
export function resultObject(value, name, keys) {
  if (value === undefined) return;
  if (value === null || typeof value !== 'object') {
    throw new TypeError(`${name} must be an object to write the result into, got ${describe(value)}`);
  }
  if (keys !== undefined && !Object.isExtensible(value)) {
    for (let k = 0; k < keys.length; k++) {
      const why = unwritable(value, keys[k]);
      if (why) {
        throw new TypeError(`${name}.${keys[k]} cannot be written: it ${why}${Object.isFrozen(value) ? ` (${name} is frozen)` : ''}`);
      }
    }
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

/**
 * An options object read once: every key is checked against `allowed` and
 * every value read once (a getter runs once, before anything changes);
 * returns a plain copy ({} for undefined). Messages: `${name} must be an
 * object` and `${who}: unknown option "key" (known: ...)`.
 */
export function readOptions(options, allowed, name, who = name) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${name} must be an object, got ${describe(options)}`);
  }
  const out = {};
  for (const key of Object.keys(options)) {
    if (!allowed.has(key)) throw new TypeError(`${who}: unknown option ${JSON.stringify(key)} (known: ${[...allowed].join(', ')})`);
    out[key] = options[key];
  }
  return out;
}

/**
 * A number with bounds: a coordinate-range float32 (rounded), or with
 * integer: true an integer, or with f64: true any finite number (neither
 * rounded: canvas pixels and the like, never written to the heap); min
 * (inclusive, or exclusive with minExclusive) and max.
 */
export function num(value, name, { min = -Infinity, minExclusive = false, integer = false, f64 = false, max = Infinity } = {}) {
  const f = integer || f64 ? value : f32(value, name);
  if (integer || f64) {
    if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
    if (integer && !Number.isInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
    if (!Number.isFinite(value)) throw new RangeError(`${name} must be finite, got ${value}`);
  }
  if (minExclusive ? !(f > min) : !(f >= min)) throw new RangeError(`${name} must be ${minExclusive ? '>' : '>='} ${min}, got ${value}`);
  if (!(f <= max)) throw new RangeError(`${name} must be <= ${max}, got ${value}`);
  return f;
}

/** A u32 bit mask (0 to 0xffffffff). */
export function bits(value, name) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new RangeError(`${name} must be an integer from 0 to 0xffffffff, got ${value}`);
  }
  return value >>> 0;
}

/**
 * An integer from lo to hi (inclusive); `what`, when given, says where the
 * bounds come from in the message ("from 0 to 9 (an index below count)").
 */
export function intArg(value, name, lo, hi, what) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < lo || value > hi) {
    throw new RangeError(`${name} must be an integer from ${lo} to ${hi}${what === undefined ? '' : ` (${what})`}, got ${value}`);
  }
  return value;
}

/**
 * A handle's form: a number that is a safe integer >= 0 (which object it
 * names, if any, its world decides); `what` words the TypeError.
 */
export function handleArg(value, name, what = 'a handle') {
  if (typeof value !== 'number') throw new TypeError(`${name} must be ${what} (a number), got ${describe(value)}`);
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} is not a handle: ${value}`);
  return value;
}

/** A boolean. */
export function bool(value, name) {
  if (typeof value !== 'boolean') throw new TypeError(`${name} must be a boolean, got ${describe(value)}`);
  return value;
}
