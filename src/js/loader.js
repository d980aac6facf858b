// capsule2d — finding, checking and compiling the WebAssembly module, and
// instantiating it. Knows nothing of the API; runtime.js calls it once from
// init(). Nothing here touches node:fs (the Node entry passes readFile in) or
// names a .wasm file (each entry passes its default source in).
import { describe } from './errors.js';

// The smallest module that uses a v128 instruction: validates only where
// WebAssembly SIMD is supported. (type () -> v128, body: v128.const 0, end)
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0,
  253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11,
]);

/** True when this engine validates WebAssembly SIMD (f32x4 etc.). */
export function simdSupported() {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

const MAGIC = [0x00, 0x61, 0x73, 0x6d];

function describeBytes(bytes) {
  if (bytes.length === 0) return 'an empty body (0 bytes)';
  const head = Array.from(bytes.subarray(0, 24));
  const text = String.fromCharCode(...head.map((b) => (b >= 32 && b < 127 ? b : 46)));
  return `${bytes.length} bytes starting ${JSON.stringify(text)}`;
}

/** A URL for a message: data: URLs (the whole module, maybe) cut short. */
function shortUrl(url) {
  return url.startsWith('data:') && url.length > 60 ? `${url.slice(0, 48)}…(${url.length} characters)` : url;
}

// What to do next, for sources that are URLs. Vite <= 7 pre-bundles
// dependencies into node_modules/.vite/deps/ without the .wasm beside them
// (vitejs/vite#8427): say so when that is the cause.
function hintFor(where) {
  if (/\/\.vite\/deps\//.test(where)) {
    return (
      " This URL is inside Vite's pre-bundled dependencies: use Vite 8 or later, or add " +
      "optimizeDeps: { exclude: ['capsule2d'] } to vite.config.js."
    );
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(where)) {
    return ' Check that the .wasm file is served as-is next to the JS, or pass the module to init({ wasm }).';
  }
  return '';
}

/** Throws unless bytes start with the WebAssembly magic number and version 1. */
function checkMagic(bytes, where, extra = '') {
  const header = [...MAGIC, 1, 0, 0, 0];
  if (bytes.length < 8 || header.some((m, i) => bytes[i] !== m)) {
    throw new Error(
      `capsule2d: expected a WebAssembly module from ${where}, got ${describeBytes(bytes)}${extra}.${hintFor(where)}`,
    );
  }
}

async function bytesFromResponse(response, where) {
  const type = response.headers?.get?.('content-type');
  if (!response.ok) {
    throw new Error(
      `capsule2d: fetching ${where} failed: HTTP ${response.status}` +
        `${response.statusText ? ' ' + response.statusText : ''}${type ? ` (content-type ${type})` : ''}.` +
        hintFor(where),
    );
  }
  let bytes;
  try {
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (e) {
    throw new Error(`capsule2d: could not read the body of ${where}: ${e.message}`, { cause: e });
  }
  checkMagic(bytes, where, type ? `, content-type ${type}` : '');
  return bytes;
}

function toBytes(source) {
  const tag = Object.prototype.toString.call(source);
  if (tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]') return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  return null;
}

async function compileBytes(bytes, where) {
  checkMagic(bytes, where);
  try {
    return await WebAssembly.compile(bytes);
  } catch (e) {
    throw new Error(`capsule2d: ${where} could not be compiled (${describeBytes(bytes)}): ${e.message}`, {
      cause: e,
    });
  }
}

/**
 * Throws the TypeError compileModule would give for an options.wasm of the
 * wrong kind (checked at once, also by init() calls after the first load).
 * A promise is not looked into here.
 */
export function checkSource(source) {
  if (source === undefined || typeof source === 'string' || source instanceof URL) return;
  if (source !== null && typeof source === 'object') {
    if (typeof source.then === 'function') return;
    if (typeof WebAssembly === 'object' && typeof WebAssembly.Module === 'function' && source instanceof WebAssembly.Module) return;
    if (toBytes(source) || isResponse(source)) return;
  }
  throw new TypeError(
    'capsule2d: init(options): options.wasm must be a URL, a string, an ArrayBuffer, a typed array, a Response or a ' +
      `WebAssembly.Module (or a promise of one); got ${describe(source)}`,
  );
}

/**
 * Compiles the module from whatever the caller gave, or from the default
 * file next to this script.
 * @param {*} source undefined | URL | string | ArrayBuffer | ArrayBufferView |
 *   Response | WebAssembly.Module, or a promise of one of these
 * @param {{ simd: boolean,
 *           readFile?: (url: URL) => Promise<Uint8Array>,
 *           resolve?: (text: string) => URL,
 *           defaultSource?: (simd: boolean) => * }} how
 *   readFile reads file: URLs (Node); resolve turns a string into a URL
 *   (default: relative to the page); defaultSource gives the module to load
 *   when the caller gave none (each entry has its own: wasm-default.js, the
 *   .wasm file next to the JS; inline-source.js, the inlined copy).
 */
export async function compileModule(source, how) {
  if (source !== null && typeof source === 'object' && typeof source.then === 'function') {
    source = await source;
  }
  const byDefault = source === undefined;
  if (byDefault) {
    if (!how.defaultSource) {
      throw new TypeError('capsule2d: this entry has no default module; pass one with init({ wasm })');
    }
    source = how.defaultSource(how.simd);
  }
  if (typeof WebAssembly.Module === 'function' && source instanceof WebAssembly.Module) return source;
  const bytes = toBytes(source);
  if (bytes) return compileBytes(bytes, byDefault ? 'the inlined module' : 'the bytes passed to init()');
  if (isResponse(source)) {
    const where = source.url ? shortUrl(source.url) : 'the Response passed to init()';
    return compileBytes(await bytesFromResponse(source, where), where);
  }
  let url;
  if (source instanceof URL) {
    url = source;
  } else if (typeof source === 'string') {
    try {
      url = how.resolve ? how.resolve(source) : resolveInPage(source);
    } catch (e) {
      throw new TypeError(`capsule2d: options.wasm ${JSON.stringify(source)} is not a valid URL: ${e.message}`);
    }
  } else {
    checkSource(source); // throws: no other kind is left
    throw new TypeError(`capsule2d: options.wasm: unexpected ${describe(source)}`);
  }
  return compileBytes(await bytesFromUrl(url, how.readFile), shortUrl(url.href));
}

/** A fetch Response, native or not (e.g. from a fetch polyfill). */
function isResponse(value) {
  if (typeof Response !== 'undefined' && value instanceof Response) return true;
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof value.arrayBuffer === 'function' &&
    typeof value.status === 'number' &&
    typeof value.ok === 'boolean'
  );
}

/** A string URL, relative to the page (document.baseURI) like fetch(), else to this script. */
function resolveInPage(text) {
  const base =
    typeof document !== 'undefined' && document.baseURI
      ? document.baseURI
      : typeof location !== 'undefined'
        ? location.href
        : import.meta.url;
  return new URL(text, base);
}

async function bytesFromUrl(url, readFile) {
  const where = shortUrl(url.href);
  if (url.protocol === 'file:') {
    if (!readFile) {
      throw new Error(
        `capsule2d: cannot read ${where} in this environment (no file system); ` +
          'serve it over http(s) or pass the bytes to init({ wasm })',
      );
    }
    let raw;
    try {
      raw = await readFile(url);
    } catch (e) {
      throw new Error(`capsule2d: could not read ${where}: ${e.message}`, { cause: e });
    }
    return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  }
  if (typeof fetch !== 'function') {
    throw new Error(`capsule2d: cannot fetch ${where}: this engine has no fetch(); pass the bytes to init({ wasm })`);
  }
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`capsule2d: could not fetch ${where}: ${e.message}.${hintFor(where)}`, { cause: e });
  }
  return bytesFromResponse(response, where);
}

/**
 * Instantiates a compiled capsule2d module. onGrow runs whenever the wasm
 * memory grows (its ArrayBuffer is replaced): the one place views are renewed.
 */
export async function instantiate(module, onGrow) {
  let instance;
  try {
    instance = await WebAssembly.instantiate(module, {
      env: { emscripten_notify_memory_growth: onGrow },
    });
  } catch (e) {
    throw new Error(`capsule2d: the WebAssembly module is not a capsule2d build (${e.message})`, { cause: e });
  }
  const exports = instance.exports;
  if (
    typeof exports.capw_out !== 'function' ||
    typeof exports._initialize !== 'function' ||
    !(exports.memory instanceof WebAssembly.Memory)
  ) {
    throw new Error('capsule2d: the WebAssembly module is not a capsule2d build (missing exports)');
  }
  exports._initialize();
  return exports;
}
