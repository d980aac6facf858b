// capsule2d — the one place that describes a bad value for a message and
// turns a C status code (cap_status, capsule2d.h) into the error to throw.
// Every JS file (runtime, loader, query, heap, batch, world, draw) uses these, so
// the same value reads the same everywhere: "got an object", "got an array
// of length 3", "got a CircleSet", "got the string \"3\"", "got number NaN".

// cap_status (capsule2d.h); world.js checks these against the module.
export const OK = 0;
export const BAD_VALUE = -1;
export const NO_MEMORY = -2;
export const BAD_ARGUMENT = -3;
export const ZERO_DIRECTION = -4;
export const DEGENERATE = -5;
export const BAD_RAY = -6;
export const BAD_HANDLE = -7;

/** "a CircleSet", "an IndexBuffer", "an object", "a Uint32Array". */
export function withArticle(word) {
  return /^(?:[aeio]|u(?!int|ni|se))/i.test(word) ? `an ${word}` : `a ${word}`;
}

/**
 * A short description of any value for "got ..." in a message. Never throws
 * and never runs the value's own code beyond a Proxy's traps (which are
 * caught): no toString(), no valueOf(), no getters of the value itself.
 */
export function describe(value) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return `${typeof value} ${String(value)}${typeof value === 'bigint' ? 'n' : ''}`;
    case 'symbol':
      return `a symbol (${String(value)})`;
    case 'function':
      return typeof value.name === 'string' && value.name ? `the function ${value.name}` : 'a function';
    default:
      break;
  }
  try {
    if (Array.isArray(value)) return `an array of length ${value.length}`;
    const proto = Object.getPrototypeOf(value);
    if (proto === null || proto === Object.prototype) return 'an object';
    const ctor = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value;
    const name = typeof ctor === 'function' ? ctor.name : '';
    return typeof name === 'string' && name && name !== 'Object' ? withArticle(name) : 'an object';
  } catch {
    return 'an object (a revoked Proxy?)';
  }
}

/** RangeError for a failed allocation: "could not allocate a CircleSet of capacity 10 (out of memory)". */
export function outOfMemory(what) {
  return new RangeError(`${what} (out of memory; nothing changed)`);
}

/**
 * The error for a C status code rc < 0 of the call `what` (e.g. "addBall",
 * "CircleSet.reserve(100)"). Codes with a named argument are turned into
 * messages by the caller first (batch: set, field and index; world: ball and
 * field); this is what remains: RangeError for out-of-memory, a stale
 * handle, a bad value or a degenerate input, Error for anything else (a bug).
 */
export function statusError(rc, what) {
  switch (rc) {
    case NO_MEMORY:
      return outOfMemory(`${what}: could not allocate`);
    case BAD_HANDLE:
      return new RangeError(`${what}: no such object (a removed or foreign handle)`);
    case BAD_VALUE:
      return new RangeError(`${what}: a value is not finite as a float32 or a radius is negative`);
    case ZERO_DIRECTION:
    case BAD_RAY:
      return new RangeError(`${what}: a direction is the zero vector or a max fraction is out of range`);
    case DEGENERATE:
      return new RangeError(`${what}: a line through two equal points`);
    default:
      return new Error(`capsule2d: ${what} failed with code ${rc}`);
  }
}

/** Throws statusError(rc, what) when rc < 0; returns rc. */
export function checkStatus(rc, what) {
  if (rc < 0) throw statusError(rc, what);
  return rc;
}
