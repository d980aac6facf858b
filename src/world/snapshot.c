/* capsule2d — world snapshots: the whole state the step depends on, as
 * bytes (format in capsule2d_world.h). One walk over the state serves
 * saving, sizing and loading, so the three can never disagree. */
#include <stdlib.h>
#include <string.h>

#include "world/world_internal.h"

/* Counts that size the body. */
enum { N_BALLS, N_LIVE, N_BALL_GENS, N_STATICS, N_STATIC_GENS, N_PREV, N_SENSORS, N_PENDING, N_COUNTS };

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

static const uint32_t record_sizes[3] = {sizeof(cap_wcontact), sizeof(cap_wstatic), sizeof(cap_world_def)};

uint32_t cap_world_save(const cap_world* w, uint8_t* out, uint32_t capacity)
{
    uint32_t n[N_COUNTS];
    counts(w, n);
    cap_world* mw = (cap_world*)w; /* walk only reads when saving */
    snap_io io = {NULL, CAP_SNAPSHOT_HEADER + sizeof(cap_world_def) + sizeof n, 0};
    walk(&io, mw, n);
    if (io.at > 0x7fffffffu) return 0;
    uint32_t total = (uint32_t)io.at;
    if (!out || capacity < total) return total;
    uint32_t head[8] = {CAP_SNAPSHOT_MAGIC, CAP_SNAPSHOT_FORMAT, CAP_LIBRARY_VERSION, total, 0,
                        record_sizes[0], record_sizes[1], record_sizes[2]};
    io.buf = out;
    io.at = CAP_SNAPSHOT_HEADER;
    xfer(&io, &mw->def, sizeof(cap_world_def));
    xfer(&io, n, sizeof n);
    walk(&io, mw, n);
    head[4] = fnv(out + CAP_SNAPSHOT_HEADER, total - CAP_SNAPSHOT_HEADER);
    memcpy(out, head, sizeof head);
    return total;
}

static int fail(cap_world* w, int status, int why)
{
    w->err.status = status;
    w->err.slot = -1;
    w->err.field = why;
    return status;
}

/* The loaded world keeps the invariants the step and the handles rely on. */
static int consistent(const cap_world* w, const uint32_t* n)
{
    const uint32_t* flags = w->ball[CAP_BALL_FLAGS];
    const uint32_t* gen = w->ball[CAP_BALL_GENERATION];
    uint32_t live = 0;
    for (uint32_t i = 0; i < n[N_BALLS]; i++) {
        if (flags[i] & ~(CAP_BALL_ALIVE | CAP_BALL_AWAKE | CAP_BALL_BULLET)) return 0;
        if (!(flags[i] & CAP_BALL_ALIVE)) continue;
        live++;
        const float r = ((const float*)w->ball[CAP_BALL_RADIUS])[i];
        const float im = ((const float*)w->ball[CAP_BALL_INV_MASS])[i], ii = ((const float*)w->ball[CAP_BALL_INV_INERTIA])[i];
        /* (1 / mass may be infinite for a tiny ball add_ball accepted) */
        if (!(r > 0.0f && r - r == 0.0f) || !(im >= 0.0f) || !(ii >= 0.0f) || gen[i] == 0) return 0;
    }
    if (live != n[N_LIVE] || (n[N_BALLS] > 0 && !(flags[n[N_BALLS] - 1] & CAP_BALL_ALIVE))) return 0;
    for (uint32_t i = 0; i < n[N_STATICS]; i++) {
        const uint32_t* info = &w->static_info[3 * i];
        if (info[2] > 1u || (info[2] && (info[0] > 3u || info[0] != w->statics[i].kind || info[1] == 0))) return 0;
        const float* f = &w->statics[i].ax; /* ax .. rolling: 15 floats */
        /* Fixed shapes feed the static grid: finite. (A moving one that
         * overflowed is the game's business, as a ball's state is.) */
        for (int k = 0; info[2] && w->statics[i].kind <= CAP_STATIC_LINE && k < 15; k++)
            if (!(f[k] - f[k] == 0.0f)) return 0;
        if (info[2] && !(w->statics[i].radius >= 0.0f)) return 0;
        const cap_wstatic* st = &w->statics[i];
        if (st->in_chain > 2u || (st->chain_prev != 0xffffffffu && st->chain_prev >= n[N_STATICS]) ||
            (st->chain_next != 0xffffffffu && st->chain_next >= n[N_STATICS]))
            return 0;
    }
    for (uint32_t i = n[N_STATICS]; i < n[N_STATIC_GENS]; i++)
        if (w->static_info[3 * i + 2]) return 0;
    if (n[N_STATICS] > 0 && !w->static_info[3 * n[N_STATICS] - 1]) return 0;
    for (uint32_t k = 0; k < n[N_PREV]; k++) {
        const cap_wcontact* c = &w->prev[k];
        if (c->kind > 1u || c->b >= n[N_BALLS] || c->a >= (c->kind ? c->b : n[N_STATICS])) return 0;
        if (k > 0 && cap_world_key_cmp(&w->prev[k - 1], c) >= 0) return 0;
    }
    for (uint32_t k = 0; k < n[N_SENSORS]; k++)
        if (w->sensor_prev[2 * k] >= n[N_STATICS] || w->sensor_prev[2 * k + 1] >= n[N_BALLS]) return 0;
    for (uint32_t k = 0; k < n[N_PENDING]; k++) {
        const uint32_t* e = &w->pending_end[CAP_PENDING_WORDS * k];
        if ((e[0] != CAP_EVENT_END && e[0] != CAP_EVENT_SENSOR_LEAVE) || e[1] > 1u) return 0;
    }
    return 1;
}

int cap_world_restore(cap_world* w, const uint8_t* bytes, uint32_t len)
{
    uint32_t head[8], n[N_COUNTS];
    cap_world_def def;
    if (len < 4) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_TRUNCATED);
    memcpy(head, bytes, 4);
    if (head[0] != CAP_SNAPSHOT_MAGIC) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_NOT_SNAPSHOT);
    if (len < CAP_SNAPSHOT_HEADER) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_TRUNCATED);
    memcpy(head, bytes, sizeof head);
    if (head[1] != CAP_SNAPSHOT_FORMAT || memcmp(head + 5, record_sizes, sizeof record_sizes))
        return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_FORMAT_VERSION);
    if (head[2] != CAP_LIBRARY_VERSION) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_LIBRARY_VERSION);
    if (len < head[3]) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_TRUNCATED);
    if (len > head[3]) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_TOO_LONG);
    if (fnv(bytes + CAP_SNAPSHOT_HEADER, len - CAP_SNAPSHOT_HEADER) != head[4]) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_CHECKSUM);
    /* The checksum holds: from here on a mismatch was made on purpose (or
     * by a different writer), and is refused as corrupt. */
    snap_io io = {(uint8_t*)bytes, CAP_SNAPSHOT_HEADER, 1};
    if (len < CAP_SNAPSHOT_HEADER + sizeof def + sizeof n) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_CORRUPT);
    xfer(&io, &def, sizeof def);
    xfer(&io, n, sizeof n);
    const uint32_t lim = 1u << 20;
    if (n[N_BALLS] > n[N_BALL_GENS] || n[N_BALL_GENS] > lim || n[N_LIVE] > n[N_BALLS] || n[N_STATICS] > n[N_STATIC_GENS] ||
        n[N_STATIC_GENS] > lim || !cap_world_def_valid(&def))
        return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_CORRUPT);
    snap_io size = {NULL, io.at, 0};
    cap_world probe;
    memset(&probe, 0, sizeof probe);
    walk(&size, &probe, n);
    if (size.at != len) return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_CORRUPT);

    cap_world_def made = def;
    if (made.ball_capacity < n[N_BALL_GENS]) made.ball_capacity = n[N_BALL_GENS];
    if (made.static_capacity < n[N_STATIC_GENS]) made.static_capacity = n[N_STATIC_GENS];
    cap_world* nw = cap_world_create(&made);
    int ok = nw != NULL;
    ok = ok && cap_world_reserve_bytes((void**)&nw->prev, &nw->prev_cap, n[N_PREV] + 1, sizeof(cap_wcontact)) == 0;
    ok = ok && cap_world_reserve_u32(&nw->sensor_prev, &nw->sensor_prev_cap, 2 * n[N_SENSORS] + 2) == 0;
    ok = ok && cap_world_reserve_u32(&nw->pending_end, &nw->pending_cap, CAP_PENDING_WORDS * (n[N_PENDING] + 1)) == 0;
    if (!ok) {
        cap_world_destroy(nw);
        return fail(w, CAP_WORLD_NO_MEMORY, 0);
    }
    nw->def = def;
    walk(&io, nw, n);
    nw->ball_slots = n[N_BALLS];
    nw->ball_live = n[N_LIVE];
    nw->static_slots = n[N_STATICS];
    nw->prev_count = n[N_PREV];
    nw->sensor_prev_count = n[N_SENSORS];
    nw->pending_count = n[N_PENDING];
    if (!consistent(nw, n)) {
        cap_world_destroy(nw);
        return fail(w, CAP_WORLD_BAD_VALUE, CAP_SNAPSHOT_CORRUPT);
    }
    /* Swap: the caller's pointer now holds the restored world; it keeps its
     * argument block and snapshot buffer (the caller may be reading them). */
    cap_world old = *w;
    *w = *nw;
    memcpy(w->params, old.params, sizeof old.params);
    w->snap = old.snap;
    w->snap_cap = old.snap_cap;
    w->version = old.version + 1u;
    old.snap = NULL;
    *nw = old;
    cap_world_destroy(nw);
    w->err.status = 0;
    w->err.slot = w->err.field = -1;
    return CAP_WORLD_OK;
}
