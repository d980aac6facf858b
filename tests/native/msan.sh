#!/usr/bin/env bash
# Nothing the world computes may depend on what memory held before: the
# native world tests (tests/native/test_world.c) and the world fuzz targets
# (tests/fuzz/fuzz_world.c, fuzz_snapshot.c) built with clang's
# MemorySanitizer, so a read of an uninitialised byte that decides a branch,
# an index or a libc call fails. Run by tests/native/run.sh (no filter).
#   bash tests/native/msan.sh          MSAN_FUZZ_SECONDS=60 for longer fuzzing (default 12 per target)
# Needs clang with the MSan runtime (Debian: clang-14, libclang-rt-14-dev);
# without it the run is reported and skipped (a failure under CI=true).
# Everything linked must be instrumented: the library is plain C over libc,
# which MSan intercepts.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tools/c-sources.sh
out=build/msan
mkdir -p "$out"
seconds="${MSAN_FUZZ_SECONDS:-12}"
cc="${MSAN_CC:-}"
if [ -z "$cc" ]; then
  for c in clang-14 clang; do command -v "$c" >/dev/null && { cc=$c; break; }; done
fi
probe="$out/probe"
if [ -z "$cc" ] || ! echo 'int main(void){return 0;}' | "$cc" -x c - -fsanitize=memory -o "$probe" 2>/dev/null; then
  if [ "${CI:-}" = true ]; then echo "msan: clang with MemorySanitizer not available" >&2; exit 1; fi
  echo "msan: clang with MemorySanitizer not available, skipped" >&2
  exit 0
fi
# -O2: the world tests run in seconds (at -O1 MSan's shadow work takes
# minutes); origins name the allocation an uninitialised value came from.
flags=("${CAP_CFLAGS[@]}" "${CAP_WARN[@]}" -O2 -g -fsanitize=memory -fsanitize-memory-track-origins -fno-omit-frame-pointer)
grep -ho '^int test_[a-z0-9_]*(void)' tests/native/test_world.c | sed 's/^int \(.*\)(void)/CAP_TEST(\1)/' > "$out/tests.inc"
echo "== msan: world tests"
"$cc" "${flags[@]}" -I"$out" -Itests/native "${CAP_LIB_SOURCES[@]}" tests/native/main.c tests/native/test_world.c \
  tests/native/helpers/*.c -lm -o "$out/world-tests"
"$out/world-tests" > "$out/world-tests.log" 2>&1 || { tail -n 40 "$out/world-tests.log" >&2; echo "msan: world tests FAILED (log: $out/world-tests.log)" >&2; exit 1; }
tail -n 1 "$out/world-tests.log"
for target in tests/fuzz/fuzz_world.c tests/fuzz/fuzz_snapshot.c; do
  [ -f "$target" ] || continue
  name="$(basename "$target" .c)"
  echo "== msan: $name for ${seconds}s"
  "$cc" "${flags[@]}" -fsanitize=fuzzer "$target" "${CAP_LIB_SOURCES[@]}" -lm -o "$out/$name"
  mkdir -p "$out/$name.corpus"
  # The seeds the ASan run found (tests/fuzz/run.sh) start this one deeper.
  seeds=()
  [ -d "build/fuzz/$name.corpus" ] && seeds=("../fuzz/$name.corpus")
  # (-rss_limit_mb: a restored snapshot may declare capacities up to 2^20
  # balls, and its world is then made at that size, about 1.1 GB, which
  # MemorySanitizer's shadow makes resident; 6 GB of the machine's 24.)
  if ! (cd "$out" && "./$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=6144 -print_final_stats=1 "$name.corpus" "${seeds[@]}" > "$name.log" 2>&1); then
    tail -n 40 "$out/$name.log" >&2
    echo "msan: $name FAILED (log: $out/$name.log; crashing input: $out/crash-*)" >&2
    exit 1
  fi
  grep -E '^(Done|stat::number_of_executed_units)' "$out/$name.log" || true
done
echo "msan: ok (world tests and world fuzz targets, no uninitialised read)"
