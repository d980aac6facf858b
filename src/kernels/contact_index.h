/* capsule2d — private: the contact index of a static capsule set, for
 * capsule-circle contacts with circles of similar size. Every capsule's box
 * grown by `reach` (the largest circle radius it serves) is entered in each
 * cell it touches, with the capsule prepared for the pair test. A circle of
 * radius <= reach then needs only the cell holding its centre: its capsules
 * are in ascending order (counting sort is stable) and each appears once.
 * The prepared capsules are kept field by field (structure of arrays, one
 * grid entry per element, 4 zeroed entries of padding at the end) so a
 * cell's capsules load 4 at a time.
 * Owned by whoever owns the capsules (a batch capsule set, a world). */
#ifndef CAP_CONTACT_INDEX_H
#define CAP_CONTACT_INDEX_H

#include <stdint.h>

#include "kernels/grid.h"
#include "kernels/narrow.h"
#include "kernels/scratch.h"

typedef struct cap_contact_index {
    cap_grid grid;
    float* field;  /* CAP_CI_FIELDS arrays of `stride` floats: per grid entry, cell order */
    float* snap;   /* ax, ay, bx, by, radius arrays of the build (count each) */
    uint32_t field_cap, stride, snap_cap, count, version;
    float reach, rmax; /* rmax: the largest capsule radius */
    int built;
} cap_contact_index;

/* The fields of a prepared capsule (cap_narrow_shape's, the last one the
 * capsule index as uint32 bits). */
enum { CAP_CI_AX, CAP_CI_AY, CAP_CI_VX, CAP_CI_VY, CAP_CI_GX, CAP_CI_GY, CAP_CI_R, CAP_CI_J, CAP_CI_FIELDS };

static inline const float* cap_contact_index_field(const cap_contact_index* ci, int f)
{
    return ci->field + (size_t)f * ci->stride;
}

/* The capsule arrays an index is built from (count of each). */
typedef struct cap_capsule_arrays {
    const float *ax, *ay, *bx, *by, *radius;
    uint32_t count, version;
} cap_capsule_arrays;

/* Makes ci serve circles up to radius `reach` for capsules `c`; CAP_OK or
 * CAP_NO_MEMORY. It keeps the shapes as they were when built for c's
 * version and count (shapes changed without a version bump are not seen),
 * so a rebuild for a larger reach alone starts from that copy; the reach
 * then grows in steps of 2x so slowly growing radii rebuild rarely. */
int cap_contact_index_ensure(cap_contact_index* ci, const cap_capsule_arrays* c, float reach, cap_scratch* scratch);

/* Capsule j of grid entry e. */
static inline uint32_t cap_contact_index_capsule(const cap_contact_index* ci, uint32_t e)
{
    uint32_t j;
    __builtin_memcpy(&j, cap_contact_index_field(ci, CAP_CI_J) + e, 4);
    return j;
}

/* The prepared capsule of grid entry e. */
static inline cap_narrow_shape cap_contact_index_shape(const cap_contact_index* ci, uint32_t e)
{
    const float* f = ci->field + e;
    size_t w = ci->stride;
    cap_narrow_shape s = {f[0], f[w], f[2 * w], f[3 * w], f[4 * w], f[5 * w], f[6 * w], f[7 * w]};
    return s;
}

/* 1 when capsule j's live numbers are bit for bit those it was built from
 * (-0 and NaN payloads count as changes). Inline: it may run per hit. */
static inline int cap_contact_index_same(const cap_contact_index* ci, const cap_capsule_arrays* live, uint32_t j)
{
    uint32_t m = ci->count;
    const float* f[5] = {live->ax, live->ay, live->bx, live->by, live->radius};
    uint32_t diff = 0;
    for (int a = 0; a < 5; a++) {
        uint32_t now, built;
        __builtin_memcpy(&now, f[a] + j, 4);
        __builtin_memcpy(&built, ci->snap + (size_t)a * m + j, 4);
        diff |= now ^ built;
    }
    return diff == 0;
}

/* 1 when every live capsule is bit for bit what the index was built from
 * (one pass over the arrays: then no hit needs cap_contact_index_same). */
int cap_contact_index_all_same(const cap_contact_index* ci, const cap_capsule_arrays* live);

/* Forget the build (the next ensure rebuilds). */
static inline void cap_contact_index_invalidate(cap_contact_index* ci) { ci->built = 0; }

void cap_contact_index_free(cap_contact_index* ci);

#endif
