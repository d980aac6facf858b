#!/usr/bin/env bash
# Builds every tests/fuzz/fuzz_*.c with libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer (clang) and runs each for FUZZ_SECONDS (default
# 10). Fails on the first crash or broken invariant; the crashing input is
# left in build/fuzz/.
#   FUZZ_SECONDS=60 bash tests/fuzz/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${FUZZ_SECONDS:-10}"
out=build/fuzz
mkdir -p "$out"
shopt -s nullglob
targets=(tests/fuzz/fuzz_*.c)
if [ ${#targets[@]} -eq 0 ]; then echo "tests/fuzz/run.sh: no fuzz targets" >&2; exit 1; fi
# The library's C sources (not the wasm boundary) and flags.
source tools/c-sources.sh
for target in "${targets[@]}"; do
  name="$(basename "$target" .c)"
  echo "== $name: building"
  "${FUZZ_CC:-clang}" "${CAP_CFLAGS[@]}" "${CAP_WARN[@]}" -O1 -g \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
    "$target" "${CAP_LIB_SOURCES[@]}" -lm -o "$out/$name"
  mkdir -p "$out/$name.corpus"
  # Inputs that once failed (tests/fuzz/regressions/<target>/) run first, every time.
  if [ -d "tests/fuzz/regressions/$name" ]; then
    "$out/$name" tests/fuzz/regressions/"$name"/* > "$out/$name.regressions.log" 2>&1 ||
      { tail -n 40 "$out/$name.regressions.log" >&2; echo "== $name: a regression input FAILED" >&2; exit 1; }
  fi
  echo "== $name: fuzzing for ${seconds}s"
  if ! (cd "$out" && "./$name" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 "$name.corpus" > "$name.log" 2>&1); then
    tail -n 40 "$out/$name.log" >&2
    echo "== $name: FAILED (log: $out/$name.log; crashing input: $out/crash-*)" >&2
    exit 1
  fi
  grep -E '^(Done|stat::number_of_executed_units)' "$out/$name.log" || true
done
echo "tests/fuzz/run.sh: all targets ran ${seconds}s without a crash"
