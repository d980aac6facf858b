#!/usr/bin/env bash
# Builds dist/: two WebAssembly modules from the same C (scalar and SIMD,
# identical results), the JS API and its TypeScript declarations.
#   bash build.sh          build everything
# Needs Emscripten (emcc). Debian's `emscripten` package (3.1.6) and a current
# emsdk both work.
set -euo pipefail
cd "$(dirname "$0")"

# Debian's emscripten runs its JS tools with the system node and needs this.
if [ -d /usr/share/nodejs ]; then export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"; fi

if ! command -v emcc >/dev/null 2>&1; then
  if [ -r /etc/debian_version ] && [ "$(id -u)" = 0 ] && [ -z "${CAPSULE2D_NO_APT:-}" ]; then
    echo "build.sh: emcc not found; installing Debian's emscripten package with apt-get" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq emscripten >&2
  else
    cat >&2 <<'MSG'
build.sh: emcc (Emscripten) was not found. Install it, then build again (npm run build):
  Debian/Ubuntu:  sudo apt-get install emscripten
  elsewhere:      git clone https://github.com/emscripten-core/emsdk && cd emsdk &&
                  ./emsdk install latest && ./emsdk activate latest && source ./emsdk_env.sh
MSG
    exit 1
  fi
fi

mkdir -p dist
source tools/c-sources.sh
SOURCES=("${CAP_LIB_SOURCES[@]}" "${CAP_WASM_SOURCES[@]}")
CFLAGS=("${CAP_CFLAGS[@]}" -DNDEBUG "${CAP_WARN[@]}")
# emmalloc: the small allocator (sets and buffers allocate rarely; dlmalloc
# cost 7 KB more; tests/package/contents.test.js holds the size budget).
# The stack setting: TOTAL_STACK until emcc 3.1.25 renamed it STACK_SIZE (the
# old name is a deprecated alias since, and the link runs with -Werror).
STACK=TOTAL_STACK
EMCC_VERSION="$(emcc -dumpversion 2>/dev/null || echo 0)"
if [ "$(printf '%s\n' 3.1.25 "$EMCC_VERSION" | sort -V | head -n1)" = 3.1.25 ]; then STACK=STACK_SIZE; fi
# BINARYEN_EXTRA_PASSES=-O3: wasm-opt's -O3 a second time at the link (it
# finds more to fold): SIMD -136 B gzipped, scalar -108 B, speed unchanged.
LDFLAGS=(--no-entry -sSTANDALONE_WASM -sMALLOC=emmalloc -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=1048576
         "-s$STACK=65536" -sERROR_ON_UNDEFINED_SYMBOLS=1 -sBINARYEN_EXTRA_PASSES=-O3)

# Each source to an object, then one link per build (wasm-opt -O3: at -O2 or
# -Os the batch layer's scene query ran 60% slower). Per file: the cold ones
# (CAP_SIZE_SOURCES) at -Oz, the world's hot files at -O2, the kernels, core
# and batch layer at -O3. Measured 2026-11-27 (SIMD, gzip -9): all -O3 with
# cold -Os 64,612 B; this 63,731 B, plinko and scene-query speed unchanged
# within the machine's noise. No level changes a result (no fast-math,
# contraction off; the golden hashes check it). Since then the world grew
# (capsule bodies, joints, ropes): with the flags below, SIMD 77,775 B and
# scalar 79,622 B gzip -9 (2026-11-27); with bodies, and every grow by
# malloc, copy and free (no realloc in the modules), 78,450 B and 80,352 B
# (the seventh session). Flags alone cannot reach issue
# 28's 64 KB: every file at -Oz and the link at -Oz gives 74.3 KB (SIMD),
# and the link at -Oz alone slowed plinko 8-13% and the scene query 70%.
# No auto-vectorising in the world's -O2 files: the 4-wide code is written by
# hand (src/kernels/simd4.h); clang's own vector loops there (with their
# scalar remainders and run-time checks; solver.c and step.c) only grew the
# SIMD module: -2.6 KB raw, -0.9 KB gzipped, plinko, capsule pile, ropes,
# scene and world queries unchanged within 2% (2026-11-27, same-process A/B,
# medians of 11). In the -O3 kernels, core and batch files it made the code
# larger, and at -Oz the SLP vectoriser saves bytes: they keep it. Results are
# the same bits either way (no fast-math: clang never reorders float
# arithmetic to vectorise; the golden hashes check it).
NO_AUTOVEC=(-fno-vectorize -fno-slp-vectorize)
# No loop unrolling outside the -Oz files: the unrolled copies (ropes.c,
# bodies_pairs.c, circle_buckets.c, bodies_solve.c, contacts.c, ...) cost
# 2.0 KB gzipped in the SIMD module (with the -Oz files added the same day:
# 80,271 -> 78,298 B) and bought nothing measurable: plinko 1,000/10,000,
# capsule pile, ropes, world queries and the scene query within 2%
# (2026-11-27, same-process A/B, medians). The scalar module's 4-lane loops
# (simd4.h's scalar backend; SCALAR_LANES) need the full unrolling of their
# fixed 4-iteration loops (without it solver.c and narrow.c grow 2x): there
# only partial and run-time unrolling are off (81,298 -> 79,725 B). Same
# bits (the golden hashes check it).
NO_UNROLL=(-fno-unroll-loops)
FULL_UNROLL_ONLY=(-mllvm -unroll-runtime=false -mllvm -unroll-allow-partial=false)
SCALAR_LANES=(src/world/solver.c src/world/ropes.c src/world/toi.c src/kernels/narrow.c src/kernels/grid.c src/batch/contacts_capsule_circle.c)
# Binaryen's wasm-opt, the one emcc runs (Debian: /usr/bin; emsdk: its own).
WASM_OPT="$(em-config BINARYEN_ROOT 2>/dev/null || true)/bin/wasm-opt"
[ -x "$WASM_OPT" ] || WASM_OPT="$(command -v wasm-opt)"
build_wasm() { # <output> [extra flags...]
  local out="$1" dir objs=() src opt vec simd=0
  shift
  [[ " $* " == *" -msimd128 "* ]] && simd=1
  dir="build/wasm/$(basename "$out" .wasm)"
  mkdir -p "$dir"
  for src in "${SOURCES[@]}"; do
    opt=-O3
    vec=()
    case "$src" in src/world/*) opt=-O2 vec=("${NO_AUTOVEC[@]}") ;; esac
    for cold in "${CAP_SIZE_SOURCES[@]}"; do [ "$src" = "$cold" ] && opt=-Oz; done
    if [ "$opt" = -Oz ]; then
      vec=()
    elif [ "$simd" = 0 ] && [[ " ${SCALAR_LANES[*]} " == *" $src "* ]]; then
      vec+=("${FULL_UNROLL_ONLY[@]}")
    else
      vec+=("${NO_UNROLL[@]}")
    fi
    emcc "${CFLAGS[@]}" "$opt" "${vec[@]}" "$@" -c "$src" -o "$dir/$(echo "$src" | tr / _).o"
    objs+=("$dir/$(echo "$src" | tr / _).o")
  done
  emcc "${CFLAGS[@]}" -O3 "$@" "${objs[@]}" "${LDFLAGS[@]}" -o "$out"
  # wasm-opt -O3 once more on the finished module (after emcc's own last
  # steps): SIMD -266 B gzipped, scalar -177 B (2026-11-27). Inside emcc's
  # pipeline a third -O3 (or --converge) found nothing or grew it. Only the
  # features the module was built with (--mvp-features plus the SIMD ones).
  local feats=(--mvp-features)
  [ "$simd" = 1 ] && feats+=(--enable-simd --enable-nontrapping-float-to-int --enable-bulk-memory --enable-sign-ext)
  "$WASM_OPT" "${feats[@]}" -O3 "$out" -o "$out"
}
build_wasm dist/capsule2d.wasm
# The SIMD module also uses the features every engine with SIMD has:
# saturating float-to-int conversions (nontrapping-fptoint) instead of
# clang's range-checked sequences, memory.copy/fill (bulk-memory) instead of
# the libc loops, sign extension: -380 B gzipped, plinko 1-3% faster, the
# rest unchanged. Same results: every conversion in the C is of a value
# already clamped to the int range (e.g. grid.h's cap_grid_cell_of), where
# both forms give the same integer.
build_wasm dist/capsule2d.simd.wasm -msimd128 -mnontrapping-fptoint -mbulk-memory -msign-ext

# JS and types: dist/ gets exactly what src/js/ has (no stale files), plus
# the capsule2d/inline entry: wasm-inline.js (both modules as base64) and
# inline.js, which is index.js importing its default module from
# inline-source.js instead of wasm-default.js (same exports, no .wasm URL).
chmod 644 dist/*.wasm # emcc marks them executable
rm -f dist/*.js dist/*.d.ts
cp src/js/*.js src/js/*.d.ts dist/

node --input-type=module - <<'JS'
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const read = (name) => readFileSync(`dist/${name}`);
writeFileSync(
  'dist/wasm-inline.js',
  '// Generated by build.sh: capsule2d.simd.wasm and capsule2d.wasm as base64.\n' +
    `export const simdBase64 = '${read('capsule2d.simd.wasm').toString('base64')}';\n` +
    `export const scalarBase64 = '${read('capsule2d.wasm').toString('base64')}';\n`,
);

const index = read('index.js').toString();
const from = "from './wasm-default.js';";
if (index.split(from).length !== 2) {
  console.error(`build.sh: dist/index.js must import its default module once (${from}) to make inline.js`);
  process.exit(1);
}
writeFileSync(
  'dist/inline.js',
  '// Generated by build.sh from index.js: capsule2d/inline, the same API with\n' +
    '// both WebAssembly modules inlined (inline-source.js); nothing to serve.\n' +
    index.replace(from, "from './inline-source.js';"),
);

// Sizes: every file, then each entry with every module it imports (what a
// bundler puts together), gzipped as one piece.
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const row = (label, buf) => console.log(`  ${label.padEnd(44)} ${String(buf.length).padStart(8)} ${String(gz(buf)).padStart(8)}`);
function closure(entry, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = read(entry).toString();
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^'";]*?(?:from\s*)?['"]\.\/([\w.-]+\.js)['"]/gm)) closure(m[1], seen);
  return seen;
}
const files = readdirSync('dist').sort();
console.log('build.sh: built dist/ (bytes raw, gzip -9)');
for (const f of files.filter((f) => f.endsWith('.wasm'))) row(`dist/${f}`, read(f));
for (const f of files.filter((f) => f.endsWith('.js'))) row(`dist/${f}`, read(f));
console.log('entries (the entry and the modules it imports, as one bundle):');
for (const [entry, label] of [['index.js', "'capsule2d' (browsers, bundlers)"], ['node.js', "'capsule2d' (Node)"], ['inline.js', "'capsule2d/inline'"]]) {
  const parts = [...closure(entry)];
  row(`${label}`, Buffer.concat(parts.map(read)));
}
const web = Buffer.concat([...closure('index.js')].map(read));
row('browser total: index.js bundle + .simd.wasm', Buffer.concat([web, read('capsule2d.simd.wasm')]));
JS
