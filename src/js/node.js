// capsule2d — the Node entry: the browser API plus reading the default .wasm
// (a file: URL, which Node's fetch cannot read) from the file system.
import { readFile } from 'node:fs/promises';
import { start } from './runtime.js';

export * from './index.js';

/** Loads the WebAssembly module; await it once before any other call. */
export function init(options) {
  return start(options, readFile);
}
