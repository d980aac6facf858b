/* capsule2d — validation of batch sets: every value within the coordinate
 * range (capsule2d.h, CAP_MAX_COORD; NaN and infinities are outside it),
 * every radius >= 0; the first bad value is named in cap_batch_error. */
#include "capsule2d_batch.h"

#include <string.h>

#include "batch/batch_internal.h"
#include "core/scalar.h"

int cap_batch_fail(cap_batch_error* err, int code, int set, int field, uint32_t index)
{
    if (err) {
        err->code = code;
        err->set = set;
        err->field = field;
        err->index = index;
    }
    return code;
}

/* The first bad field of element i among `fields` arrays (the last one a
 * radius when has_radius), or -1. */
static int first_bad(const float* const* fields, int k, uint32_t i)
{
    for (int f = 0; f < k; f++) {
        float v = fields[f][i];
        if (!cap_in_range(v) || (f == k - 1 && v < 0.0f)) return f;
    }
    return -1;
}

static int check_fields(const float* const* fields, int k, uint32_t count, int set, cap_batch_error* err)
{
    /* Fast pass on the bits, no branch per element (it vectorizes): a value
     * is out of range (or NaN) when the bits of its magnitude exceed those of
     * CAP_MAX_COORD; a radius is negative when its bits exceed those of -0.
     * The slow pass names the culprit. */
    uint32_t bad = 0;
    for (int f = 0; f < k; f++) {
        const float* p = fields[f];
        uint32_t acc = 0;
        for (uint32_t i = 0; i < count; i++) {
            uint32_t b;
            memcpy(&b, p + i, 4);
            acc |= (uint32_t)((b & 0x7fffffffu) > CAP_MAX_COORD_BITS);
            if (f == k - 1) acc |= (uint32_t)(b > 0x80000000u);
        }
        bad |= acc;
    }
    if (!bad) return CAP_BATCH_OK;
    for (uint32_t i = 0; i < count; i++) {
        int f = first_bad(fields, k, i);
        if (f >= 0) return cap_batch_fail(err, CAP_BATCH_BAD_VALUE, set, f, i);
    }
    return CAP_BATCH_OK;
}

int cap_circle_set_check(const cap_circle_set* s, cap_batch_error* err)
{
    if (!s || s->count > s->capacity) return cap_batch_fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_CIRCLES, 0, 0);
    const float* fields[3] = {s->x, s->y, s->radius};
    return check_fields(fields, 3, s->count, CAP_BATCH_SET_CIRCLES, err);
}

int cap_capsule_set_check(const cap_capsule_set* s, cap_batch_error* err)
{
    if (!s || s->count > s->capacity) return cap_batch_fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_CAPSULES, 0, 0);
    const float* fields[5] = {s->ax, s->ay, s->bx, s->by, s->radius};
    return check_fields(fields, 5, s->count, CAP_BATCH_SET_CAPSULES, err);
}
