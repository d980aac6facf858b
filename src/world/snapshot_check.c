/* capsule2d — world snapshots, loading: the values a snapshot holds
 * checked against the rules the calls that make them apply (the settings,
 * the balls, statics, last step's contacts, sensor overlaps, joints and
 * queued events), naming the first one refused. Reading and writing the
 * bytes: snapshot.c. */
#include <string.h>

#include "capsule2d_joints.h"
#include "core/scalar.h"
#include "world/snapshot.h"
#include "world/statics.h"

/* Value rules, as the calls that make the values apply them. */
static int in_range(float v) { return cap_in_range(v); }                 /* finite, within +-1e38 */
static int nonneg(float v) { return v >= 0.0f && cap_in_range(v); }
static int positive(float v) { return v > 0.0f && cap_in_range(v); }

/* The settings, as cap_world_def_valid checks them, naming the first bad one. */
const char* cap_snapshot_check_def(const cap_world_def* d)
{
    if (!in_range(d->gravity_x)) return "settings.gravityX";
    if (!in_range(d->gravity_y)) return "settings.gravityY";
    if (!positive(d->dt)) return "settings.dt";
    if (d->sub_steps < 1 || d->sub_steps > 64) return "settings.subSteps";
    if (d->ball_capacity < 1 || d->ball_capacity > (1u << 20)) return "settings.ballCapacity";
    if (d->static_capacity < 1 || d->static_capacity > (1u << 20)) return "settings.staticCapacity";
    if (d->event_capacity > (1u << 20)) return "settings.eventCapacity";
    if (!positive(d->units_per_meter)) return "settings.unitsPerMeter";
    if (!positive(d->contact_hertz)) return "settings.contactHertz";
    if (!positive(d->static_hertz)) return "settings.staticHertz";
    if (!positive(d->damping_ratio)) return "settings.dampingRatio";
    if (!positive(d->push_speed)) return "settings.pushSpeed";
    if (!nonneg(d->restitution_threshold)) return "settings.restitutionThreshold";
    if (!nonneg(d->hit_speed_threshold)) return "settings.hitSpeedThreshold";
    if (!nonneg(d->sleep_speed)) return "settings.sleepSpeed";
    if (!nonneg(d->sleep_time)) return "settings.sleepTime";
    return cap_world_def_valid(d) ? NULL : "settings";
}

static int static_alive(const cap_world* w, const uint32_t* n, uint32_t k)
{
    return k < n[N_STATICS] && (w->static_info[3 * k + 2] & 1u);
}
static int ball_alive(const cap_world* w, const uint32_t* n, uint32_t k)
{
    return k < n[N_BALLS] && (((const uint32_t*)w->ball[CAP_BALL_FLAGS])[k] & CAP_BALL_ALIVE);
}

/* A live ball's fields, with add_ball's rules (its state as step checks
 * it). Free slots are never read (a write through a view may leave values
 * there): only their flags and masses must say free. */
static const char* check_ball(const cap_world* w, uint32_t i)
{
    const uint32_t flags = ((const uint32_t*)w->ball[CAP_BALL_FLAGS])[i];
    if (flags & ~(CAP_BALL_ALIVE | CAP_BALL_AWAKE | CAP_BALL_BULLET)) return "balls.flags";
    if (!(flags & CAP_BALL_ALIVE)) {
        /* A free slot: flags 0, and no mass (the step tells balls from free
         * slots by their inverse mass and inertia: step_validate.c). */
        if (flags) return "balls.flags";
        if (CAP_BF(w, CAP_BALL_INV_MASS)[i] != 0.0f) return "balls.invMass";
        if (CAP_BF(w, CAP_BALL_INV_INERTIA)[i] != 0.0f) return "balls.invInertia";
        return NULL;
    }
    static const char* const names[CAP_BALL_FLOAT_FIELDS] = {
        "balls.x", "balls.y", "balls.vx", "balls.vy", "balls.angle", "balls.angularVelocity", "balls.radius",
        "balls.invMass", "balls.invInertia", "balls.restitution", "balls.friction", "balls.rollingResistance",
        "balls.gravityScale", "balls.linearDamping", "balls.angularDamping", "balls.sleepTime"};
    for (int f = 0; f < CAP_BALL_FLOAT_FIELDS; f++) {
        float v = ((const float*)w->ball[f])[i];
        int ok;
        switch (f) {
        case CAP_BALL_ANGLE: ok = cap_finite(v); break;
        case CAP_BALL_RADIUS: ok = positive(v); break;
        /* 1 / a mass (or inertia) add_ball took: > 0, finite (a denormal
         * would stand for an infinite mass, and the solver divides by it) */
        case CAP_BALL_INV_MASS: case CAP_BALL_INV_INERTIA: ok = positive(v) && cap_in_range(1.0f / v); break;
        case CAP_BALL_X: case CAP_BALL_Y: case CAP_BALL_VX: case CAP_BALL_VY: case CAP_BALL_W:
        case CAP_BALL_GRAVITY_SCALE: ok = in_range(v); break;
        default: ok = nonneg(v); break; /* materials, damping, sleep time */
        }
        if (!ok) return names[f];
    }
    if (((const uint32_t*)w->ball[CAP_BALL_GENERATION])[i] == 0) return "balls.generation";
    const float* last[4] = {w->last_x, w->last_y, w->last_vx, w->last_vy};
    static const char* const last_names[4] = {"balls.lastX", "balls.lastY", "balls.lastVx", "balls.lastVy"};
    for (int k = 0; k < 4; k++)
        if (!cap_finite(last[k][i])) return last_names[k];
    return NULL;
}

/* The loaded world keeps the invariants the step and the handles rely on;
 * returns the name of the first value refused (*slot: its record), or NULL.
 * Sets the joint counts (and clears free joint slots but their generation). */
const char* cap_snapshot_check_loaded(cap_world* w, const uint32_t* n, int32_t* slot)
{
    const uint32_t* flags = w->ball[CAP_BALL_FLAGS];
    uint32_t live = 0;
    const char* bad;
    for (uint32_t i = 0; i < n[N_BALLS]; i++) {
        *slot = (int32_t)i;
        if ((bad = check_ball(w, i))) return bad;
        live += flags[i] & CAP_BALL_ALIVE;
    }
    *slot = -1;
    if (live != n[N_LIVE]) return "counts.liveBalls";
    if (n[N_BALLS] > 0 && !(flags[n[N_BALLS] - 1] & CAP_BALL_ALIVE)) return "counts.balls"; /* the last slot is live */
    for (uint32_t i = 0; i < n[N_STATICS]; i++) {
        *slot = (int32_t)i;
        if ((bad = cap_static_check(w, n[N_STATICS], i))) return bad;
    }
    for (uint32_t i = n[N_STATICS]; i < n[N_STATIC_GENS]; i++) {
        *slot = (int32_t)i;
        if (w->static_info[3 * i + 2]) return "statics.alive";
    }
    *slot = -1;
    if (n[N_STATICS] > 0 && !w->static_info[3 * n[N_STATICS] - 1]) return "counts.statics"; /* the last slot is live */
    /* Last step's contacts: live pairs in key order (the warm start merges
     * by it), flags 0/1, impulses and masses as the solver leaves them. */
    for (uint32_t k = 0; k < n[N_PREV]; k++) {
        const cap_wcontact* c = &w->prev[k];
        *slot = (int32_t)k;
        if (c->kind > 1u) return "contacts.kind";
        if (!ball_alive(w, n, c->b)) return "contacts.b";
        if (c->kind ? !(c->a < c->b && ball_alive(w, n, c->a)) : !static_alive(w, n, c->a)) return "contacts.a";
        if (k > 0 && cap_world_key_cmp(&w->prev[k - 1], c) >= 0) return "contacts.a"; /* out of order, or twice */
        if (c->touching > 1u) return "contacts.touching";
        if (!nonneg(c->jn)) return "contacts.jn";
        if (!in_range(c->jt)) return "contacts.jt";
        if (!in_range(c->jr)) return "contacts.jr";
        if (!nonneg(c->ma)) return "contacts.ma";
        if (!nonneg(c->mb)) return "contacts.mb";
    }
    /* Sensor overlaps: a live sensor and a live ball, by (ball, static), each once. */
    for (uint32_t k = 0; k < n[N_SENSORS]; k++) {
        const uint32_t* o = &w->sensor_prev[2 * k];
        *slot = (int32_t)k;
        if (!static_alive(w, n, o[0]) || !w->statics[o[0]].sensor) return "sensorOverlaps.static";
        if (!ball_alive(w, n, o[1])) return "sensorOverlaps.ball";
        if (k > 0 && (o[-1] > o[1] || (o[-1] == o[1] && o[-2] >= o[0]))) return "sensorOverlaps.ball";
    }
    /* Joints: as cap_world_add_joint makes them, between live balls; free
     * slots keep only their generation; the last used slot is live. */
    uint32_t jlive = 0;
    for (uint32_t k = 0; k < w->joint_cap; k++) {
        cap_wjoint* j = &w->joints[k];
        *slot = (int32_t)k;
        if (j->kind == CAP_JOINT_NONE) {
            uint32_t gen = j->generation;
            memset(j, 0, sizeof *j);
            j->generation = gen;
            continue;
        }
        float f[25]; /* ax through force, then lax through motor */
        memcpy(f, &j->ax, 13 * 4);
        memcpy(f + 13, &j->lax, 12 * 4);
        for (int i = 0; i < 25; i++)
            if (!in_range(f[i])) return "joints.values";
        if (j->kind > CAP_JOINT_REVOLUTE || j->generation == 0) return "joints.kind";
        /* Ends: live balls or live capsule bodies (loaded before this
         * check), either kind at either end; a the world or another. Local
         * anchors of a distance or drag joint: on body ends only. */
        if (!cap_joint_end_alive(w, j->b)) return "joints.b";
        if (j->kind != CAP_JOINT_REVOLUTE && ((!CAP_JOINT_IS_BODY(j->a) && (j->lax != 0.0f || j->lay != 0.0f)) ||
                                              (!CAP_JOINT_IS_BODY(j->b) && (j->lbx != 0.0f || j->lby != 0.0f))))
            return "joints.anchors";
        if (j->a != CAP_JOINT_WORLD && (!cap_joint_end_alive(w, j->a) || j->a == j->b || j->kind == CAP_JOINT_DRAG))
            return "joints.a";
        if (!(j->hertz >= 0.0f && j->damping_ratio >= 0.0f && j->break_force >= 0.0f && j->force >= 0.0f)) return "joints.values";
        if (j->kind == CAP_JOINT_REVOLUTE) {
            if (!(j->max_torque >= 0.0f && j->lower >= 0.0f && j->upper >= 0.0f)) return "joints.motor";
            if (j->lo <= j->hi && !(j->lo >= -3.14159265f && j->hi <= 3.14159265f)) return "joints.limits";
            if (!(cap_absf(j->motor) <= j->max_torque * w->def.dt)) return "joints.motor";
            if (!cap_finite(j->ref)) return "joints.values";
        } else if (j->kind == CAP_JOINT_DISTANCE ? !(j->min_length >= 0.0f && j->min_length <= j->length && j->length <= j->max_length)
                                          : !(j->max_force > 0.0f && j->hertz > 0.0f))
            return "joints.length";
        if (j->kind == CAP_JOINT_DISTANCE && !(j->lower >= 0.0f && j->upper >= 0.0f)) return "joints.impulse";
        jlive++;
        w->joint_slots = k + 1;
    }
    *slot = -1;
    w->joint_count = jlive;
    /* End events queued by removals (the objects are gone: any slots). */
    for (uint32_t k = 0; k < n[N_PENDING]; k++) {
        const uint32_t* e = &w->pending_end[CAP_PENDING_WORDS * k];
        *slot = (int32_t)k;
        /* contact kinds 0..4 (2..4: a capsule body's); a sensor leave's 0 or 2 */
        if ((e[0] != CAP_EVENT_END && e[0] != CAP_EVENT_SENSOR_LEAVE) || e[1] > 4u || (e[0] == CAP_EVENT_SENSOR_LEAVE && (e[1] & ~2u)))
            return "queuedEvents.kind";
        if (e[2] >= (1u << 20) || e[3] >= (1u << 20) || ((e[1] == 1u || e[1] == 4u) && e[2] >= e[3])) return "queuedEvents.a";
    }
    *slot = -1;
    return NULL;
}
