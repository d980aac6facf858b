#!/usr/bin/env bash
# The one description of capsule2d's C sources and flags, used by every build:
# build.sh (wasm scalar and SIMD), tests/native/run.sh (sanitizers),
# tests/fuzz/run.sh (libFuzzer), the Node tests that compile a native driver
# and the native benchmark (bench/lib/native.js).
#
#   source tools/c-sources.sh        sets the arrays below (from the repo root)
#   bash tools/c-sources.sh lib      prints one value per line, for tools in
#   bash tools/c-sources.sh wasm     other languages: lib | wasm | include |
#   bash tools/c-sources.sh cflags   cflags | warn
#
# Layers, lowest first; each may include only the ones before it (checked by
# tests/native/layers.sh):
#   src/include  public headers (capsule2d.h, capsule2d_batch.h)
#   src/core     pure queries: no state, no allocation
#   src/kernels  4-wide backends, narrowphase, grid, contact index, scratch
#   src/batch    the public batch API over caller-owned sets
#   src/world    the physics world
#   src/wasm     the WebAssembly boundary (exports; not part of native builds)
CAP_LAYERS=(core kernels batch world)
shopt -s nullglob
CAP_LIB_SOURCES=()
for layer in "${CAP_LAYERS[@]}"; do CAP_LIB_SOURCES+=(src/"$layer"/*.c); done
CAP_WASM_SOURCES=(src/wasm/*.c)
shopt -u nullglob
# Cold code (object bookkeeping, set allocation and validation, region
# queries, capsule-set index builds and scratch growth, the joints' groups
# and breaks, the batch casts) that the wasm builds compile with -Oz, to
# keep each module within its size budget; the hot paths stay fast
# (kernels -O3, the step and the solver -O2: build.sh). Tried and kept
# out (2026-11-27, same-process A/B): sleep.c and static_index.c at -Oz
# (-250 B gzipped, ropes 3-4% slower), kernels/grid.c (-520 B, the scene
# query 4% slower).
CAP_SIZE_SOURCES=(src/world/world.c src/world/balls.c src/world/joints.c src/world/statics.c src/world/static_kinds.c src/world/bodies.c src/world/bodies_ccd.c src/world/bodies_joints.c src/world/bodies_joined.c src/world/joints_revolute.c src/world/bodies_sleep.c src/world/bodies_snapshot.c src/world/bodies_events.c src/wasm/exports_bodies.c src/wasm/exports_joints.c src/wasm/exports_world.c src/world/snapshot.c src/world/snapshot_check.c src/world/movers.c src/world/events.c src/world/query.c src/world/query_path.c src/world/query_scan.c src/world/query_batch.c src/world/joints_group.c src/world/joints_break.c src/batch/batch_sets.c src/batch/batch_check.c src/batch/batch_query.c src/batch/batch_cast.c src/kernels/scratch.c src/kernels/contact_index.c)
CAP_INCLUDE=(-Isrc/include -Isrc)
# Determinism: C11, IEEE float32 in a fixed order, never fused.
CAP_CFLAGS=(-std=c11 -ffp-contract=off "${CAP_INCLUDE[@]}")
CAP_WARN=(-Wall -Wextra -Werror -Wshadow)

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  case "${1:-}" in
    lib) printf '%s\n' "${CAP_LIB_SOURCES[@]}" ;;
    wasm) printf '%s\n' "${CAP_WASM_SOURCES[@]}" ;;
    size) printf '%s\n' "${CAP_SIZE_SOURCES[@]}" ;;
    include) printf '%s\n' "${CAP_INCLUDE[@]}" ;;
    cflags) printf '%s\n' "${CAP_CFLAGS[@]}" ;;
    warn) printf '%s\n' "${CAP_WARN[@]}" ;;
    *) echo "usage: bash tools/c-sources.sh lib|wasm|size|include|cflags|warn" >&2; exit 2 ;;
  esac
fi
