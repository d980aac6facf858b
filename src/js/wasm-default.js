// capsule2d — the default module: the .wasm file next to this script.
// Each URL is written out as a literal `new URL('./file', import.meta.url)`
// on purpose: that is the form bundlers recognise (Vite build and Vite 8's
// dev optimizer, webpack 5, Parcel, Rollup plugins), so they copy the .wasm
// and rewrite the URL. Bundlers emit the file as soon as they see this
// module, used or not: that is why it is its own module, imported by
// index.js and node.js and never by the inline entry.

/** The URL of the SIMD or the scalar build next to this script. */
export function defaultSource(simd) {
  return simd ? new URL('./capsule2d.simd.wasm', import.meta.url) : new URL('./capsule2d.wasm', import.meta.url);
}
