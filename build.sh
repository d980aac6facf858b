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
build.sh: emcc (Emscripten) was not found. Install it, then run npm install again:
  Debian/Ubuntu:  sudo apt-get install emscripten
  elsewhere:      git clone https://github.com/emscripten-core/emsdk && cd emsdk &&
                  ./emsdk install latest && ./emsdk activate latest && source ./emsdk_env.sh
MSG
    exit 1
  fi
fi

mkdir -p dist
SOURCES=(src/*.c src/wasm/*.c)
CFLAGS=(-std=c11 -O3 -DNDEBUG -Wall -Wextra -Werror -ffp-contract=off)
# TOTAL_STACK: 3.1.6's name; newer emcc keeps it as an alias of STACK_SIZE.
LDFLAGS=(--no-entry -sSTANDALONE_WASM -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=1048576
         -sTOTAL_STACK=65536 -sERROR_ON_UNDEFINED_SYMBOLS=1)

emcc "${CFLAGS[@]}" "${SOURCES[@]}" "${LDFLAGS[@]}" -o dist/capsule2d.wasm
emcc "${CFLAGS[@]}" -msimd128 "${SOURCES[@]}" "${LDFLAGS[@]}" -o dist/capsule2d.simd.wasm

cp src/js/*.js src/js/*.d.ts dist/

echo "build.sh: built dist/ (raw bytes, gzip -9 bytes)"
for f in dist/*.wasm dist/*.js; do
  printf '  %-28s %8d %8d\n' "$f" "$(wc -c < "$f")" "$(gzip -9c "$f" | wc -c)"
done
