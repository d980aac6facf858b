// capsule2d — finding, checking and instantiating the WebAssembly module.
// Knows nothing of the API; index.js calls loadModule() once from init().

// The smallest module that uses a v128 instruction: validates only where
// WebAssembly SIMD is supported. (type () -> v128, body: v128.const 0, end)
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0,
  253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11,
]);

/** True when this engine validates WebAssembly SIMD (f32x4 etc.). */
export function simdSupported() {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

const MAGIC = [0x00, 0x61, 0x73, 0x6d];

function describeBytes(bytes) {
  const head = Array.from(bytes.subarray(0, 16));
  const text = String.fromCharCode(...head.map((b) => (b >= 32 && b < 127 ? b : 46)));
  return `${bytes.length} bytes starting ${JSON.stringify(text)}`;
}

/** Throws unless bytes start with the WebAssembly magic number. */
function checkMagic(bytes, where, extra = '') {
  if (bytes.length < 8 || MAGIC.some((m, i) => bytes[i] !== m)) {
    throw new Error(
      `capsule2d: ${where} is not a WebAssembly module (got ${describeBytes(bytes)}${extra}). ` +
        'Check that the .wasm file is served as-is next to the JS, or pass the bytes to init({ wasm }).',
    );
  }
}

async function bytesFromResponse(response, where) {
  if (!response.ok) {
    throw new Error(`capsule2d: fetching ${where} failed: HTTP ${response.status} ${response.statusText}`);
  }
  const type = response.headers?.get?.('content-type');
  const bytes = new Uint8Array(await response.arrayBuffer());
  checkMagic(bytes, where, type ? `, content-type ${type}` : '');
  return bytes;
}

function toBytes(source) {
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  return null;
}

/**
 * Compiles the module from whatever the caller gave, or from the default
 * file next to this script.
 * @param {*} source undefined | URL | string | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module
 * @param {{ simd: boolean, readFile?: (url: URL) => Promise<Uint8Array> }} how
 */
export async function compileModule(source, how) {
  if (source instanceof WebAssembly.Module) return source;
  const bytes = toBytes(source);
  if (bytes) {
    checkMagic(bytes, 'the bytes passed to init()');
    return WebAssembly.compile(bytes);
  }
  if (typeof Response !== 'undefined' && source instanceof Response) {
    return WebAssembly.compile(await bytesFromResponse(source, `the Response for ${source.url || 'init()'}`));
  }
  let url;
  if (source === undefined) {
    const file = how.simd ? './capsule2d.simd.wasm' : './capsule2d.wasm';
    url = new URL(file, import.meta.url);
  } else if (source instanceof URL || typeof source === 'string') {
    url = new URL(String(source), typeof location !== 'undefined' ? location.href : import.meta.url);
  } else {
    throw new TypeError(
      'capsule2d: init({ wasm }) takes a URL, a string, bytes, a Response or a WebAssembly.Module; got ' +
        Object.prototype.toString.call(source),
    );
  }
  if (url.protocol === 'file:') {
    if (!how.readFile) throw new Error(`capsule2d: cannot read ${url.href} here; pass the bytes to init({ wasm })`);
    let raw;
    try {
      raw = await how.readFile(url);
    } catch (e) {
      throw new Error(`capsule2d: could not read ${url.href}: ${e.message}`, { cause: e });
    }
    const fileBytes = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
    checkMagic(fileBytes, url.href);
    return WebAssembly.compile(fileBytes);
  }
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`capsule2d: could not fetch ${url.href}: ${e.message}`, { cause: e });
  }
  return WebAssembly.compile(await bytesFromResponse(response, url.href));
}

/**
 * Instantiates a compiled capsule2d module. onGrow runs whenever the wasm
 * memory grows (its ArrayBuffer is replaced): the one place views are renewed.
 */
export async function instantiate(module, onGrow) {
  const instance = await WebAssembly.instantiate(module, {
    env: { emscripten_notify_memory_growth: onGrow },
  });
  const exports = instance.exports;
  if (typeof exports.capw_out !== 'function' || !(exports.memory instanceof WebAssembly.Memory)) {
    throw new Error('capsule2d: the WebAssembly module is not a capsule2d build (missing exports)');
  }
  exports._initialize();
  return exports;
}
