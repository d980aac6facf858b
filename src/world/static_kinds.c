/* capsule2d — the table of static kinds (statics.h): each kind's row, the
 * tests of one static against one query by its shape (ray, swept circle,
 * circle and box overlap), and the check of a snapshot's record of a
 * static by its kind's row. */
#include <stddef.h>
#include <string.h>

#include "core/scalar.h"
#include "world/statics.h"

const cap_static_kind_row cap_static_kinds[CAP_STATIC_KIND_COUNT] = {
    /*                     name         shape                 find             add                pose turns sensor chain */
    [CAP_STATIC_CAPSULE] = {"capsule", CAP_SHAPE_CAPSULE, CAP_FIND_GRID, CAP_ADD_DEF, 0, 0, 1, 1},
    [CAP_STATIC_LINE] = {"line", CAP_SHAPE_HALF_PLANE, CAP_FIND_ALWAYS, CAP_ADD_DEF, 0, 0, 1, 0},
    [CAP_STATIC_KINEMATIC] = {"kinematic", CAP_SHAPE_CAPSULE, CAP_FIND_MOVERS, CAP_ADD_KINEMATIC, 1, 0, 0, 0},
    [CAP_STATIC_PIVOTED] = {"pivoted", CAP_SHAPE_CAPSULE, CAP_FIND_MOVERS, CAP_ADD_PIVOTED, 1, 1, 0, 0},
};

/* The record's public word numbers (capsule2d_world.h) are its fields. */
#define CAP_RECORD_WORD(field, word) _Static_assert(offsetof(cap_wstatic, field) == 4 * (word), #field)
CAP_RECORD_WORD(ax, CAP_STATIC_RECORD_AX);
CAP_RECORD_WORD(ay, CAP_STATIC_RECORD_AY);
CAP_RECORD_WORD(bx, CAP_STATIC_RECORD_BX);
CAP_RECORD_WORD(by, CAP_STATIC_RECORD_BY);
CAP_RECORD_WORD(radius, CAP_STATIC_RECORD_RADIUS);
CAP_RECORD_WORD(nx, CAP_STATIC_RECORD_NX);
CAP_RECORD_WORD(ny, CAP_STATIC_RECORD_NY);
CAP_RECORD_WORD(minx, CAP_STATIC_RECORD_MINX);
CAP_RECORD_WORD(miny, CAP_STATIC_RECORD_MINY);
CAP_RECORD_WORD(maxx, CAP_STATIC_RECORD_MAXX);
CAP_RECORD_WORD(maxy, CAP_STATIC_RECORD_MAXY);
CAP_RECORD_WORD(restitution, CAP_STATIC_RECORD_RESTITUTION);
CAP_RECORD_WORD(friction, CAP_STATIC_RECORD_FRICTION);
CAP_RECORD_WORD(rolling, CAP_STATIC_RECORD_ROLLING);
CAP_RECORD_WORD(category, CAP_STATIC_RECORD_CATEGORY);
CAP_RECORD_WORD(mask, CAP_STATIC_RECORD_MASK);
CAP_RECORD_WORD(kind, CAP_STATIC_RECORD_KIND);
CAP_RECORD_WORD(sensor, CAP_STATIC_RECORD_SENSOR);
CAP_RECORD_WORD(cx, CAP_STATIC_RECORD_X);
CAP_RECORD_WORD(cy, CAP_STATIC_RECORD_Y);
CAP_RECORD_WORD(angle, CAP_STATIC_RECORD_ANGLE);
CAP_RECORD_WORD(la, CAP_STATIC_RECORD_LENGTH_A);
CAP_RECORD_WORD(lb, CAP_STATIC_RECORD_LENGTH_B);
CAP_RECORD_WORD(vx, CAP_STATIC_RECORD_VX);
CAP_RECORD_WORD(vy, CAP_STATIC_RECORD_VY);
CAP_RECORD_WORD(w, CAP_STATIC_RECORD_W);
CAP_RECORD_WORD(chain_prev, CAP_STATIC_RECORD_CHAIN_PREV);
CAP_RECORD_WORD(chain_next, CAP_STATIC_RECORD_CHAIN_NEXT);
CAP_RECORD_WORD(in_chain, CAP_STATIC_RECORD_IN_CHAIN);
CAP_RECORD_WORD(inv_i, CAP_STATIC_RECORD_INV_INERTIA);
CAP_RECORD_WORD(mass, CAP_STATIC_RECORD_MASS);
CAP_RECORD_WORD(lo, CAP_STATIC_RECORD_LOWER);
CAP_RECORD_WORD(hi, CAP_STATIC_RECORD_UPPER);
CAP_RECORD_WORD(motor_speed, CAP_STATIC_RECORD_MOTOR_SPEED);
CAP_RECORD_WORD(motor_torque, CAP_STATIC_RECORD_MOTOR_TORQUE);
CAP_RECORD_WORD(damping, CAP_STATIC_RECORD_DAMPING);
CAP_RECORD_WORD(user_data, CAP_STATIC_RECORD_USER_DATA);
_Static_assert(sizeof(cap_wstatic) == 4 * CAP_STATIC_RECORD_WORDS, "the record is CAP_STATIC_RECORD_WORDS words");
#undef CAP_RECORD_WORD

const uint32_t* cap_world_static_records(const cap_world* w) { return (const uint32_t*)w->statics; }

/* ---- one static against one query, by shape -------------------------------- */

/* The ray against a half-plane (solid right of a->b): its start inside, or
 * where it crosses the boundary within max_fraction. */
static int ray_half_plane(const cap_wstatic* s, cap_ray ray, cap_ray_hit* h)
{
    float d0 = (ray.origin.x - s->ax) * s->nx + (ray.origin.y - s->ay) * s->ny;
    float rate = ray.direction.x * s->nx + ray.direction.y * s->ny;
    if (d0 <= 0.0f) {
        float l = cap_length(ray.direction);
        h->fraction = 0.0f; h->point = ray.origin; h->starts_inside = 1;
        h->normal = cap_v2(0.0f - ray.direction.x / l, 0.0f - ray.direction.y / l);
        return 1;
    }
    if (rate < 0.0f) {
        float t = d0 / (0.0f - rate);
        if (t <= ray.max_fraction) {
            h->fraction = t;
            h->point = cap_v2(ray.origin.x + t * ray.direction.x, ray.origin.y + t * ray.direction.y);
            h->normal = cap_v2(s->nx, s->ny);
            h->starts_inside = 0;
            return 1;
        }
    }
    return 0;
}

int cap_static_ray(const cap_wstatic* s, cap_ray ray, cap_ray_hit* h)
{
    if (cap_static_half_plane(s)) return ray_half_plane(s, ray, h);
    cap_capsule c = {{s->ax, s->ay}, {s->bx, s->by}, s->radius};
    return cap_ray_cast_capsule(c, ray, h) == 1;
}

int cap_static_sweep(const cap_wstatic* s, cap_vec2 x0, cap_vec2 x1, float radius, cap_sweep_hit* h)
{
    if (cap_static_half_plane(s)) {
        float d0 = (x0.x - s->ax) * s->nx + (x0.y - s->ay) * s->ny - radius;
        float d1 = (x1.x - s->ax) * s->nx + (x1.y - s->ay) * s->ny - radius;
        if (!(d0 <= 0.0f || d1 <= 0.0f)) return 0;
        float t = d0 <= 0.0f ? 0.0f : d0 / (d0 - d1);
        t = t < 1.0f ? t : 1.0f;
        h->t = t;
        h->center = cap_v2(x0.x + t * (x1.x - x0.x), x0.y + t * (x1.y - x0.y));
        h->normal = cap_v2(s->nx, s->ny);
        float dist = (h->center.x - s->ax) * s->nx + (h->center.y - s->ay) * s->ny;
        h->point = cap_v2(h->center.x - dist * s->nx, h->center.y - dist * s->ny);
        h->starts_inside = d0 <= 0.0f;
        return 1;
    }
    cap_capsule c = {{s->ax, s->ay}, {s->bx, s->by}, s->radius};
    return cap_sweep_circle_capsule(c, x0, x1, radius, h) == 1;
}

int cap_static_circle(const cap_wstatic* s, float qx, float qy, float qr)
{
    if (cap_static_half_plane(s)) return (qx - s->ax) * s->nx + (qy - s->ay) * s->ny <= qr;
    cap_segment_point p = cap_closest_point_on_segment(cap_v2(s->ax, s->ay), cap_v2(s->bx, s->by), cap_v2(qx, qy));
    float dx = qx - p.point.x, dy = qy - p.point.y, rr = s->radius + qr;
    return dx * dx + dy * dy <= rr * rr;
}

/* Distance from p to segment a-b (float32, as the queries measure it). */
static float seg_dist(cap_vec2 a, cap_vec2 b, cap_vec2 p)
{
    cap_segment_point q = cap_closest_point_on_segment(a, b, p);
    return cap_length(cap_sub(p, q.point));
}

/* Does segment a-b meet the box? In float32, as every overlap test of the
 * world's queries: not the library's float64 clip (cap_clip_segment_box,
 * kernels/grid.h), which answers differently for about 1 in 600 segments
 * through a box corner, and would change queryBox's answers there. */
static int seg_hits_box(cap_vec2 a, cap_vec2 b, float x0, float y0, float x1, float y1)
{
    /* Slab clip of a + t (b - a), t in [0, 1], against the box. */
    float t0 = 0.0f, t1 = 1.0f;
    const float d[2] = {b.x - a.x, b.y - a.y}, o[2] = {a.x, a.y}, lo[2] = {x0, y0}, hi[2] = {x1, y1};
    for (int k = 0; k < 2; k++) {
        if (d[k] == 0.0f) {
            if (o[k] < lo[k] || o[k] > hi[k]) return 0;
            continue;
        }
        float ta = (lo[k] - o[k]) / d[k], tb = (hi[k] - o[k]) / d[k];
        if (ta > tb) { float t = ta; ta = tb; tb = t; }
        t0 = ta > t0 ? ta : t0;
        t1 = tb < t1 ? tb : t1;
        if (t0 > t1) return 0;
    }
    return 1;
}

int cap_static_box(const cap_wstatic* s, const float q[4])
{
    float x0 = q[0], y0 = q[1], x1 = q[2], y1 = q[3];
    const cap_vec2 corner[4] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
    int hit = 0;
    if (cap_static_half_plane(s)) {
        for (int k = 0; k < 4 && !hit; k++) hit = (corner[k].x - s->ax) * s->nx + (corner[k].y - s->ay) * s->ny <= 0.0f;
        return hit;
    }
    cap_vec2 a = cap_v2(s->ax, s->ay), b = cap_v2(s->bx, s->by);
    hit = seg_hits_box(a, b, x0, y0, x1, y1);
    /* Otherwise the closest pair is an end of the segment against the box,
     * or a corner of the box against the segment. */
    for (int e = 0; e < 2 && !hit; e++) {
        cap_vec2 p = e ? b : a;
        float cx = p.x < x0 ? x0 : (p.x > x1 ? x1 : p.x), cy = p.y < y0 ? y0 : (p.y > y1 ? y1 : p.y);
        hit = cap_length(cap_v2(p.x - cx, p.y - cy)) <= s->radius;
    }
    for (int k = 0; k < 4 && !hit; k++) hit = seg_dist(a, b, corner[k]) <= s->radius;
    return hit;
}

/* ---- a snapshot's record, by its kind's row ---------------------------------- */

/* Value rules, as the calls that make the values apply them. */
static int in_range(float v) { return cap_in_range(v); } /* finite, within +-1e38 */
static int nonneg(float v) { return v >= 0.0f && cap_in_range(v); }
static int same(float a, float b) { return a == b; } /* a derived value as the world computes it */
static int static_alive(const cap_world* w, uint32_t n_statics, uint32_t k)
{
    return k < n_statics && (w->static_info[3 * k + 2] & 1u);
}

/* A live static, with its add call's rules; what the world derives from
 * its values (a line's normal, a capsule's box, a moving capsule's ends)
 * must be what the world computes; chain links mutual. */
const char* cap_static_check(const cap_world* w, uint32_t n_statics, uint32_t i)
{
    const uint32_t* info = &w->static_info[3 * i];
    if (info[2] > 1u) return "statics.alive";
    if (!info[2]) return NULL; /* a free slot: never read */
    const cap_wstatic* st = &w->statics[i];
    if (st->kind >= CAP_STATIC_KIND_COUNT || info[0] != st->kind) return "statics.kind";
    const cap_static_kind_row* row = cap_static_row(st->kind);
    if (info[1] == 0) return "statics.generation";
    if (st->sensor > 1u || (st->sensor && !row->sensor_ok)) return "statics.sensor";
    if (!nonneg(st->restitution)) return "statics.restitution";
    if (!nonneg(st->friction)) return "statics.friction";
    if (!nonneg(st->rolling)) return "statics.rollingResistance";
    if (st->in_chain > 2u || (st->in_chain && !row->chain_ok)) return "statics.inChain";
    if (!row->pose) { /* its ends as given */
        if (!in_range(st->ax)) return "statics.ax";
        if (!in_range(st->ay)) return "statics.ay";
        if (!in_range(st->bx)) return "statics.bx";
        if (!in_range(st->by)) return "statics.by";
    }
    if (row->shape == CAP_SHAPE_HALF_PLANE) {
        if (st->radius != 0.0f) return "statics.radius";
        float ex = st->bx - st->ax, ey = st->by - st->ay;
        float len = cap_length(cap_v2(ex, ey));
        if (!(len > 0.0f) || !cap_in_range(len)) return "statics.bx";
        if (!same(st->nx, 0.0f - ey / len) || !same(st->ny, ex / len)) return "statics.nx";
        return NULL;
    }
    if (!nonneg(st->radius)) return "statics.radius";
    if (row->find == CAP_FIND_GRID) { /* its fixed box */
        float minx = (st->ax < st->bx ? st->ax : st->bx) - st->radius, maxx = (st->ax < st->bx ? st->bx : st->ax) + st->radius;
        float miny = (st->ay < st->by ? st->ay : st->by) - st->radius, maxy = (st->ay < st->by ? st->by : st->ay) + st->radius;
        if (!in_range(minx) || !in_range(maxx) || !in_range(miny) || !in_range(maxy)) return "statics.radius";
        if (!same(st->minx, minx) || !same(st->miny, miny) || !same(st->maxx, maxx) || !same(st->maxy, maxy)) return "statics.minX";
        if (st->in_chain) {
            uint32_t p = st->chain_prev, q = st->chain_next;
            if (p != 0xffffffffu && (!static_alive(w, n_statics, p) || w->statics[p].in_chain != st->in_chain || w->statics[p].chain_next != i))
                return "statics.chainPrev";
            if (q != 0xffffffffu && (!static_alive(w, n_statics, q) || w->statics[q].in_chain != st->in_chain || w->statics[q].chain_prev != i))
                return "statics.chainNext";
        }
        return NULL;
    }
    /* Moving (kinematic and pivoted): the pose, its motion, and the ends it gives. */
    if (!in_range(st->cx)) return "statics.x";
    if (!in_range(st->cy)) return "statics.y";
    if (!in_range(st->angle)) return "statics.angle";
    if (!nonneg(st->la) || !nonneg(st->lb) || !in_range(st->la + st->lb)) return "statics.length";
    if (!in_range(st->vx)) return "statics.vx";
    if (!in_range(st->vy)) return "statics.vy";
    if (!in_range(st->w)) return "statics.angularVelocity";
    cap_wstatic t = *st;
    cap_world_place_kinematic(&t, st->cx, st->cy, st->angle);
    if (!in_range(t.ax) || !in_range(t.ay) || !in_range(t.bx) || !in_range(t.by)) return "statics.x";
    if (!same(st->ax, t.ax) || !same(st->ay, t.ay) || !same(st->bx, t.bx) || !same(st->by, t.by)) return "statics.ax";
    if (row->turns) {
        if (!nonneg(st->inv_i)) return "statics.invInertia";
        if (!nonneg(st->mass)) return "statics.mass";
        if (!in_range(st->lo)) return "statics.lowerAngle";
        if (!in_range(st->hi)) return "statics.upperAngle";
        if (!in_range(st->motor_speed)) return "statics.motorSpeed";
        if (!nonneg(st->motor_torque)) return "statics.maxMotorTorque";
        if (!nonneg(st->damping)) return "statics.angularDamping";
    }
    return NULL;
}

