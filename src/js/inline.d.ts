// capsule2d/inline: the same API as 'capsule2d', with both WebAssembly modules
// inlined in the JS as base64 (nothing to serve, fetch or read). init() uses
// the inlined SIMD build where the engine supports it, else the scalar one;
// options.wasm still overrides.
export * from './index.js';
