/* capsule2d — world snapshots: the whole state the step depends on, as
 * bytes (format in capsule2d_world.h). One walk over the state serves
 * saving, sizing and loading, so the three can never disagree. The loaded
 * values' checks: snapshot_check.c; the capsule bodies' section:
 * bodies_snapshot.c. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "capsule2d_joints.h"
#include "core/scalar.h"
#include "world/statics.h"
#include "world/bodies.h"
#include "world/snapshot.h"


typedef struct snap_io {
    uint8_t* buf; /* NULL: only measure */
    uint64_t at;
    int load;
} snap_io;

static void xfer(snap_io* io, void* p, uint64_t bytes)
{
    if (io->buf && bytes) {
        if (io->load) memcpy(p, io->buf + io->at, (size_t)bytes);
        else memcpy(io->buf + io->at, p, (size_t)bytes);
    }
    io->at += bytes;
}

/* The body after the def and the counts, in one order for save and load. */
static void walk(snap_io* io, cap_world* w, const uint32_t* n)
{
    for (int f = 0; f < CAP_BALL_FIELDS; f++) xfer(io, w->ball[f], 4ull * n[f == CAP_BALL_GENERATION ? N_BALL_GENS : N_BALLS]);
    float* last[4] = {w->last_x, w->last_y, w->last_vx, w->last_vy};
    for (int k = 0; k < 4; k++) xfer(io, last[k], 4ull * n[N_BALLS]);
    xfer(io, w->statics, (uint64_t)sizeof(cap_wstatic) * n[N_STATICS]);
    xfer(io, w->static_info, 12ull * n[N_STATIC_GENS]);
    xfer(io, w->prev, (uint64_t)sizeof(cap_wcontact) * n[N_PREV]);
    xfer(io, w->sensor_prev, 8ull * n[N_SENSORS]);
    xfer(io, w->pending_end, 4ull * CAP_PENDING_WORDS * n[N_PENDING]);
}

static uint32_t fnv(const uint8_t* p, uint32_t len)
{
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < len; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static void counts(const cap_world* w, uint32_t* n)
{
    const uint32_t* gen = w->ball[CAP_BALL_GENERATION];
    n[N_BALLS] = w->ball_slots;
    n[N_LIVE] = w->ball_live;
    n[N_BALL_GENS] = w->ball_cap;
    while (n[N_BALL_GENS] > w->ball_slots && gen[n[N_BALL_GENS] - 1] == 0) n[N_BALL_GENS]--;
    n[N_STATICS] = w->static_slots;
    n[N_STATIC_GENS] = w->static_cap;
    while (n[N_STATIC_GENS] > w->static_slots && w->static_info[3 * n[N_STATIC_GENS] - 2] == 0) n[N_STATIC_GENS]--;
    n[N_PREV] = w->prev_count;
    n[N_SENSORS] = w->sensor_prev_count;
    n[N_PENDING] = w->pending_count;
}

/* Joints: a section after the body, only in a world that has had joints
 * (a joint-free world's snapshot is as before): u32 ng, then ng joint slots
 * (free ones too, for their generations) of JOINT_WORDS words each, kind
 * through a revolute joint's motor impulse (the step recomputes the rest). */
#define JOINT_WORDS (offsetof(cap_wjoint, ia) / 4)
static uint32_t joint_gens(const cap_world* w)
{
    uint32_t ng = w->joint_cap;
    while (ng > 0 && w->joints[ng - 1].generation == 0) ng--;
    return ng;
}
static void walk_joints(snap_io* io, cap_world* w, uint32_t ng)
{
    if (ng == 0) return;
    xfer(io, &ng, 4);
    for (uint32_t k = 0; k < ng; k++) xfer(io, &w->joints[k], 4 * JOINT_WORDS);
}

static const uint32_t record_sizes[3] = {sizeof(cap_wcontact), sizeof(cap_wstatic), sizeof(cap_world_def)};
_Static_assert(CAP_SNAPSHOT_HEADER == 4 * CAP_SNAPSHOT_HEADER_WORDS &&
                   CAP_SNAPSHOT_WORD_DEF_SIZE - CAP_SNAPSHOT_WORD_CONTACT_SIZE + 1 == 3,
               "the header is CAP_SNAPSHOT_HEADER bytes and holds the 3 record sizes in a row");

uint32_t cap_world_save(const cap_world* w, uint8_t* out, uint32_t capacity)
{
    uint32_t n[N_COUNTS];
    counts(w, n);
    cap_world* mw = (cap_world*)w; /* walk only reads when saving */
    snap_io io = {NULL, CAP_SNAPSHOT_HEADER + sizeof(cap_world_def) + sizeof n, 0};
    walk(&io, mw, n);
    const uint32_t ng = joint_gens(w);
    walk_joints(&io, mw, ng);
    const uint32_t nb = cap_bodies_snap_size(w->bodies); /* capsule bodies: a section after the joints' (bodies_snapshot.c) */
    io.at += nb;
    if (io.at > 0x7fffffffu) return 0;
    uint32_t total = (uint32_t)io.at;
    if (!out || capacity < total) return total;
    uint32_t head[CAP_SNAPSHOT_HEADER_WORDS] = {
        [CAP_SNAPSHOT_WORD_MAGIC] = CAP_SNAPSHOT_MAGIC, [CAP_SNAPSHOT_WORD_FORMAT] = CAP_SNAPSHOT_FORMAT,
        [CAP_SNAPSHOT_WORD_LIBRARY_VERSION] = CAP_LIBRARY_VERSION, [CAP_SNAPSHOT_WORD_BYTES] = total,
        [CAP_SNAPSHOT_WORD_CONTACT_SIZE] = record_sizes[0], [CAP_SNAPSHOT_WORD_STATIC_SIZE] = record_sizes[1],
        [CAP_SNAPSHOT_WORD_DEF_SIZE] = record_sizes[2]};
    io.buf = out;
    io.at = CAP_SNAPSHOT_HEADER;
    xfer(&io, &mw->def, sizeof(cap_world_def));
    xfer(&io, n, sizeof n);
    walk(&io, mw, n);
    walk_joints(&io, mw, ng);
    if (nb) cap_bodies_snap_write(w->bodies, out + io.at);
    head[CAP_SNAPSHOT_WORD_CHECKSUM] = fnv(out + CAP_SNAPSHOT_HEADER, total - CAP_SNAPSHOT_HEADER);
    memcpy(out, head, sizeof head);
    return total;
}

static int fail(cap_world* w, int status, int why)
{
    w->err.status = status;
    w->err.slot = -1;
    w->err.field = why;
    w->err.what = NULL;
    return status;
}

/* CAP_SNAPSHOT_CORRUPT: the value refused and its record. */
static int refuse(cap_world* w, const char* what, int32_t slot)
{
    fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_CORRUPT);
    w->err.what = what;
    w->err.slot = slot;
    return CAP_WORLD_BAD_VALUE;
}

int cap_world_restore(cap_world* w, const uint8_t* bytes, uint32_t len)
{
    uint32_t head[CAP_SNAPSHOT_HEADER_WORDS], n[N_COUNTS];
    cap_world_def def;
    if (len < 4) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_TRUNCATED);
    memcpy(head, bytes, 4);
    if (head[CAP_SNAPSHOT_WORD_MAGIC] != CAP_SNAPSHOT_MAGIC) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_NOT_SNAPSHOT);
    if (len < CAP_SNAPSHOT_HEADER) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_TRUNCATED);
    memcpy(head, bytes, sizeof head);
    if (head[CAP_SNAPSHOT_WORD_FORMAT] != CAP_SNAPSHOT_FORMAT ||
        memcmp(head + CAP_SNAPSHOT_WORD_CONTACT_SIZE, record_sizes, sizeof record_sizes))
        return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_FORMAT_VERSION);
    if (head[CAP_SNAPSHOT_WORD_LIBRARY_VERSION] != CAP_LIBRARY_VERSION) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_LIBRARY_VERSION);
    if (len < head[CAP_SNAPSHOT_WORD_BYTES]) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_TRUNCATED);
    if (len > head[CAP_SNAPSHOT_WORD_BYTES]) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_TOO_LONG);
    if (fnv(bytes + CAP_SNAPSHOT_HEADER, len - CAP_SNAPSHOT_HEADER) != head[CAP_SNAPSHOT_WORD_CHECKSUM]) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_CHECKSUM);
    /* The checksum holds: from here on a mismatch was made on purpose (or
     * by a different writer), and is refused as corrupt. */
    snap_io io = {(uint8_t*)bytes, CAP_SNAPSHOT_HEADER, 1};
    if (len < CAP_SNAPSHOT_HEADER + sizeof def + sizeof n) return refuse(w, "counts", -1);
    xfer(&io, &def, sizeof def);
    xfer(&io, n, sizeof n);
    const uint32_t lim = 1u << 20;
    const char* bad = cap_snapshot_check_def(&def);
    if (!bad && (n[N_BALLS] > n[N_BALL_GENS] || n[N_BALL_GENS] > lim)) bad = "counts.balls";
    if (!bad && n[N_LIVE] > n[N_BALLS]) bad = "counts.liveBalls";
    if (!bad && (n[N_STATICS] > n[N_STATIC_GENS] || n[N_STATIC_GENS] > lim)) bad = "counts.statics";
    if (bad) return refuse(w, bad, -1);
    snap_io size = {NULL, io.at, 0};
    cap_world probe;
    memset(&probe, 0, sizeof probe);
    walk(&size, &probe, n);
    /* Then the optional sections: joints (a count, > 0), capsule bodies
     * (CAP_BODIES_TAG first), in that order; counts that do not add up to
     * the length are refused. */
    uint32_t ng = 0, word = 0;
    uint64_t at = size.at;
    if (at + 4 <= len) memcpy(&word, bytes + at, 4);
    if (at + 4 <= len && word != CAP_BODIES_TAG) {
        ng = word;
        if (ng == 0 || ng > lim) return refuse(w, "counts", -1);
        at += 4ull + 4ull * JOINT_WORDS * ng;
    }
    if (at < len && (at + 4 > len || (memcpy(&word, bytes + at, 4), word != CAP_BODIES_TAG))) return refuse(w, "counts", -1);
    if (at > len) return refuse(w, "counts", -1);
    const uint32_t body_at = (uint32_t)at;

    cap_world_def made = def;
    if (made.ball_capacity < n[N_BALL_GENS]) made.ball_capacity = n[N_BALL_GENS];
    if (made.static_capacity < n[N_STATIC_GENS]) made.static_capacity = n[N_STATIC_GENS];
    cap_world* nw = cap_world_create(&made);
    int ok = nw != NULL;
    ok = ok && cap_world_grow_contacts(nw, n[N_PREV] + 1) == 0;
    ok = ok && cap_world_reserve_u32(&nw->sensor_prev, &nw->sensor_prev_cap, 2 * n[N_SENSORS] + 2) == 0;
    ok = ok && cap_world_reserve_u32(&nw->pending_end, &nw->pending_cap, CAP_PENDING_WORDS * (n[N_PENDING] + 1)) == 0;
    if (ok && ng) {
        ok = cap_world_reserve_bytes((void**)&nw->joints, &nw->joint_cap, ng, sizeof(cap_wjoint)) == 0;
        if (ok) memset(nw->joints, 0, (size_t)nw->joint_cap * sizeof(cap_wjoint));
    }
    if (!ok) {
        cap_world_destroy(nw);
        return fail(w, CAP_WORLD_NO_MEMORY, 0);
    }
    nw->def = def;
    walk(&io, nw, n);
    walk_joints(&io, nw, ng);
    nw->ball_slots = n[N_BALLS];
    nw->ball_live = n[N_LIVE];
    nw->static_slots = n[N_STATICS];
    nw->prev_count = n[N_PREV];
    nw->sensor_prev_count = n[N_SENSORS];
    nw->pending_count = n[N_PENDING];
    int32_t slot = -1;
    if (body_at < len) { /* the bodies first: joints may end on them */
        int st = cap_bodies_snap_read(nw, bytes + body_at, len - body_at, &nw->bodies, &bad, &slot);
        if (st) {
            cap_world_destroy(nw);
            return st == CAP_WORLD_NO_MEMORY ? fail(w, st, 0) : refuse(w, bad, slot);
        }
    }
    if ((bad = cap_snapshot_check_loaded(nw, n, &slot))) {
        cap_world_destroy(nw);
        return refuse(w, bad, slot);
    }
    /* Swap: the caller's pointer now holds the restored world. */
    cap_world old = *w;
    *w = *nw;
    w->version = old.version + 1u;
    *nw = old;
    cap_world_destroy(nw);
    w->err.status = 0;
    w->err.slot = w->err.field = -1;
    w->err.what = NULL;
    return CAP_WORLD_OK;
}
