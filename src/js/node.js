// capsule2d — the Node entry: the browser API plus reading .wasm files from
// the file system (Node's fetch cannot read file: URLs). A string given as
// options.wasm is a file path (relative to the working directory) unless it
// is a URL with a scheme (http:, https:, file:, data:).
import { readFile } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { start } from './runtime.js';
import { defaultSource } from './wasm-default.js';

export * from './index.js';

const SCHEME = /^[a-z][a-z0-9+.-]+:/i; // two letters or more: "C:\..." is a path

function resolveString(text) {
  return SCHEME.test(text) ? new URL(text) : pathToFileURL(resolvePath(text));
}

/** Loads the WebAssembly module; await it once before any other call. */
export function init(options) {
  return start(options, { readFile, resolve: resolveString, defaultSource });
}
