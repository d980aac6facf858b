#!/usr/bin/env bash
# The layering rule of src/, checked: a file in a layer may include only
# public headers (src/include), its own layer and the layers below it, in the
# order of tools/c-sources.sh (core < kernels < batch < world < wasm);
# src/core and src/kernels may not include capsule2d_batch.h or
# capsule2d_world.h; src/wasm includes no private world header.
# Prints each violation and exits 1 if there is any.
set -euo pipefail
cd "$(dirname "$0")/../.."
order=(include core kernels batch world wasm)
rank() { local i; for i in "${!order[@]}"; do [ "${order[$i]}" = "$1" ] && { echo "$i"; return; }; done; echo 99; }
bad=0
for f in src/*/*.c src/*/*.h; do
  layer=$(basename "$(dirname "$f")")
  own=$(rank "$layer")
  while IFS= read -r inc; do
    case "$inc" in
      */*) dep="${inc%%/*}" ;;
      *) if [ -f "src/include/$inc" ]; then dep=include; elif [ -f "$(dirname "$f")/$inc" ]; then dep=$layer; else continue; fi ;;
    esac
    if [ "$(rank "$dep")" -gt "$own" ]; then echo "layers: $f ($layer) includes \"$inc\" ($dep, a higher layer)"; bad=1; fi
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
done
# The lower layers use only the query API's public header: the batch and
# world headers are above them (kernels hold their own types).
for f in src/core/* src/kernels/*; do
  if grep -n '#[[:space:]]*include[[:space:]]*"capsule2d_\(batch\|world\)\.h"' "$f" /dev/null; then
    echo "layers: $f includes a batch or world public header (core and kernels may not)"; bad=1
  fi
done
# The wasm boundary reaches the world through its public header only
# (capsule2d_world.h), never the world's private headers.
if grep -n '#[[:space:]]*include[[:space:]]*"world/' src/wasm/*; then
  echo "layers: src/wasm includes a private world header (use capsule2d_world.h)"; bad=1
fi
# The public headers include nothing private.
if grep -n '#include "[a-z]*/' src/include/*.h; then echo "layers: a public header includes a private one"; bad=1; fi
[ "$bad" = 0 ] && echo "layers: ok (${order[*]})"
exit "$bad"
