/* capsule2d — private: what the world snapshot's files share (snapshot.c
 * reads and writes the bytes, snapshot_check.c checks what was read). */
#ifndef CAP_SNAPSHOT_H
#define CAP_SNAPSHOT_H

#include <stdint.h>

#include "world/world_internal.h"

/* Counts that size the body. */
enum { N_BALLS, N_LIVE, N_BALL_GENS, N_STATICS, N_STATIC_GENS, N_PREV, N_SENSORS, N_PENDING, N_COUNTS };

/* The settings, as cap_world_def_valid checks them: the name of the first
 * bad one, or NULL. */
const char* cap_snapshot_check_def(const cap_world_def* d);
/* The loaded world w (n: its counts) keeps the invariants the step and
 * the handles rely on: the name of the first value refused (*slot: its
 * record), or NULL. Sets the joint counts (and clears free joint slots but
 * their generation). */
const char* cap_snapshot_check_loaded(cap_world* w, const uint32_t* n, int32_t* slot);

#endif
