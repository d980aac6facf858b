#!/usr/bin/env bash
# Builds the C core natively with warnings as errors under AddressSanitizer and
# UndefinedBehaviorSanitizer and runs every native test, then checks the
# layering (layers.sh) and the warning matrix (warnings.sh: gcc and clang,
# -O0..-O3, sanitizers off and on) and the MemorySanitizer run (msan.sh);
# both skipped when a name filter is given.
#   bash tests/native/run.sh [name-filter]
# CC defaults to gcc; CC=clang works too.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=build/native
mkdir -p "$out"
# The test list: every `int test_x(void)` defined in tests/native/test_*.c.
grep -ho '^int test_[a-z0-9_]*(void)' tests/native/test_*.c | sed 's/^int \(.*\)(void)/CAP_TEST(\1)/' > "$out/tests.inc"
source tools/c-sources.sh
"${CC:-gcc}" "${CAP_CFLAGS[@]}" "${CAP_WARN[@]}" -O1 -g \
  -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
  -I"$out" -Itests/native "${CAP_LIB_SOURCES[@]}" tests/native/*.c tests/native/helpers/*.c -lm -o "$out/tests"
"$out/tests" "$@"
# The same tests with the SSE4.1 backend of src/kernels/simd4.h (x86-64):
# the golden hashes must not depend on the backend.
if [ "$(uname -m)" = x86_64 ]; then
  "${CC:-gcc}" "${CAP_CFLAGS[@]}" "${CAP_WARN[@]}" -O2 -msse4.1 \
    -I"$out" -Itests/native "${CAP_LIB_SOURCES[@]}" tests/native/*.c tests/native/helpers/*.c -lm -o "$out/tests-sse"
  echo "== the same tests, SSE4.1 backend"
  "$out/tests-sse" "$@"
fi
bash tests/native/layers.sh
[ $# -eq 0 ] && bash tests/native/warnings.sh
# The world tests and world fuzz targets under MemorySanitizer (no filter only).
[ $# -eq 0 ] && bash tests/native/msan.sh
exit 0
