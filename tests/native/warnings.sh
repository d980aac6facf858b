#!/usr/bin/env bash
# Compiles the C library (tools/c-sources.sh: every layer but wasm) with
# warnings as errors under gcc and clang, at -O0 -O1 -O2 -O3, with and
# without ASan+UBSan: 16 builds, compile only (objects into a temporary
# folder, thrown away; the optimiser's warnings need real code generation,
# -fsyntax-only would miss them), two builds at a time. Run by
# tests/native/run.sh.
#   bash tests/native/warnings.sh        CCS="gcc clang" to choose compilers
# A compiler that is not installed is reported and skipped (a failure under CI=true).
set -euo pipefail
cd "$(dirname "$0")/../.."
source tools/c-sources.sh
ccs=(${CCS:-gcc clang})
jobs=$(nproc 2>/dev/null || echo 2)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
list=$tmp/list
for cc in "${ccs[@]}"; do
  if ! command -v "$cc" >/dev/null; then
    if [ "${CI:-}" = true ]; then echo "warnings: $cc not installed" >&2; exit 1; fi
    echo "warnings: $cc not installed, skipped" >&2
    continue
  fi
  for opt in -O0 -O1 -O2 -O3; do
    for san in none address,undefined; do
      echo "$cc $opt $san"
    done
  done
done > "$list"
export CAP_FLAGS="${CAP_CFLAGS[*]} ${CAP_WARN[*]}" CAP_SRCS="${CAP_LIB_SOURCES[*]}" CAP_TMP="$tmp" CAP_ROOT="$PWD"
one() {
  local cc=$1 opt=$2 san=$3 sflag=() dir
  [ "$san" != none ] && sflag=(-fsanitize="$san" -fno-sanitize-recover=all)
  dir=$(mktemp -d "$CAP_TMP/build.XXXX")
  # shellcheck disable=SC2086
  (cd "$dir" && "$cc" $CAP_FLAGS -I"$CAP_ROOT/src/include" -I"$CAP_ROOT/src" "$opt" "${sflag[@]}" -c $(printf "$CAP_ROOT/%s " $CAP_SRCS)) ||
    { echo "warnings: FAILED $cc $opt sanitize=$san" >&2; return 1; }
}
export -f one
if xargs -P "$jobs" -L 1 bash -c 'one "$@"' _ < "$list"; then
  echo "warnings: ok ($(wc -l < "$list") builds of ${#CAP_LIB_SOURCES[@]} files: ${ccs[*]} x -O0..-O3 x sanitizers off/on, -Wall -Wextra -Werror)"
else
  exit 1
fi
