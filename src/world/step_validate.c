/* capsule2d — the step's section 1: every live ball's values checked
 * before anything changes (a write through a view that would put NaN in
 * the neighbours is a refusal naming its slot and field). */
#include "core/scalar.h"
#include "world/step_internal.h"

/* Step 1's refusal: names the slot and the field (cap_world_error). */
static int refuse(cap_world* w, uint32_t slot, int field)
{
    w->err.status = CAP_WORLD_BAD_VALUE;
    w->err.slot = (int32_t)slot;
    w->err.field = field;
    return 0;
}

/* v in [-CAP_MAX_COORD, CAP_MAX_COORD] (cap_in_range) as 0 or 1, with no
 * branch; NaN gives 0. */
static inline int in_range01(float v) { return (v >= -CAP_MAX_COORD) & (v <= CAP_MAX_COORD); }

/* cap_step_validate's usual case: every value fine, found in one pass
 * with no early exit and no branch per field (a tenth of the step's first
 * phase at 1,000 balls before). 1: it would return 1; 0: it finds (and
 * names) the first bad value. */
static int all_fine(const step_ctx* s)
{
    const uint32_t known = CAP_BALL_ALIVE | CAP_BALL_AWAKE | CAP_BALL_BULLET;
    int bad = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        const uint32_t fl = s->flags[i];
        if (!(s->im[i] != 0.0f || s->ii[i] != 0.0f)) { /* not a ball: no flag (its rule) */
            bad |= fl != 0;
            continue;
        }
        bad |= (fl & ~known) != 0;
        bad |= !(fl & CAP_BALL_ALIVE);
        bad |= !(in_range01(s->x[i]) & in_range01(s->y[i]) & in_range01(s->vx[i]) & in_range01(s->vy[i]) & (s->ang[i] - s->ang[i] == 0.0f) &
                 in_range01(s->av[i]) & (s->rad[i] > 0.0f) & in_range01(s->rad[i]));
    }
    return !bad;
}

/* Step 1: every value a program can write through the ball views (x, y,
 * vx, vy, angle, angular velocity, radius, flags), checked before anything
 * changes, so a bad write is a refusal naming slot and field, never NaN in
 * the neighbours:
 * - positions and velocities within +-CAP_MAX_COORD, the angle finite;
 * - the radius > 0 and within +-CAP_MAX_COORD (as cap_world_add_ball);
 * - flags: only the known bits (ALIVE, AWAKE, BULLET); ALIVE where the
 *   slot holds a ball and nowhere else. The witness is the inverse mass and
 *   inertia, which no view shows: a ball's are > 0 (add_ball), an empty
 *   slot's 0 (remove_ball clears the slot, new slots are zeroed). So ALIVE
 *   cleared on a ball, or set on an empty slot, or any flag on an empty
 *   slot, is refused as the flags.
 * AWAKE and BULLET are read-only by contract and not checked (either value
 * steps without NaN). Slots from ball_slots up are not read here nor by
 * anything else until add_ball fills them (it writes every field): the
 * views' entries there are ignored (a scan of them would cost a step O(capacity)). */
int cap_step_validate(cap_world* w, const step_ctx* s)
{
    if (all_fine(s)) return 1;
    static const int fields[] = {CAP_BALL_X, CAP_BALL_Y, CAP_BALL_VX, CAP_BALL_VY, CAP_BALL_ANGLE, CAP_BALL_W};
    const uint32_t known = CAP_BALL_ALIVE | CAP_BALL_AWAKE | CAP_BALL_BULLET;
    for (uint32_t i = 0; i < s->n; i++) {
        const uint32_t fl = s->flags[i];
        const int ball = s->im[i] != 0.0f || s->ii[i] != 0.0f; /* NaN counts as a ball: its fields are checked */
        if ((fl & ~known) || (ball ? !(fl & CAP_BALL_ALIVE) : fl != 0)) return refuse(w, i, CAP_BALL_FLAGS);
        if (!ball) continue;
        for (int f = 0; f < 6; f++) {
            float v = ((float*)w->ball[fields[f]])[i];
            if (!(fields[f] == CAP_BALL_ANGLE ? cap_finite(v) : cap_in_range(v))) return refuse(w, i, fields[f]); /* called directly: inlined */
        }
        if (!(s->rad[i] > 0.0f) || !cap_in_range(s->rad[i])) return refuse(w, i, CAP_BALL_RADIUS);
    }
    return 1;
}
