/* capsule2d — grow-only scratch owned by its caller. See scratch.h. */
#include "kernels/scratch.h"

#include <stdlib.h>
#include <string.h>

#include "capsule2d.h"

void* cap_resize(void* p, size_t old_bytes, size_t new_bytes)
{
    void* q = malloc(new_bytes ? new_bytes : 1);
    if (q && p) {
        memcpy(q, p, old_bytes);
        free(p);
    }
    return q;
}

int cap_grow(void** p, uint32_t* cap, uint64_t need, size_t elem)
{
    if (need <= *cap) return CAP_OK;
    uint64_t want = need + need / 2 + 64;
    if (want * elem > 0x7fffffffu) want = need;
    if (want * elem > 0x7fffffffu) return CAP_NO_MEMORY;
    void* q = cap_resize(*p, (size_t)*cap * elem, (size_t)(want * elem));
    if (!q) return CAP_NO_MEMORY;
    *p = q;
    *cap = (uint32_t)want;
    return CAP_OK;
}

/* Part p's elements for capacity cap. */
static uint64_t part_count(const cap_part* p, uint32_t cap)
{
    return (uint64_t)(p->div > 1 ? cap / p->div : cap) + p->extra;
}

int cap_block_resize(void** mem, const cap_part* parts, int n, uint32_t old_cap, uint32_t cap)
{
    uint64_t total = 0;
    for (int k = 0; k < n; k++) total += (part_count(&parts[k], cap) * parts[k].elem + 15u) & ~(uint64_t)15u;
    if (total > 0x7fffffffu) return CAP_NO_MEMORY;
    /* Parts at 16-byte offsets of an allocation aligned for any type. */
    char* fresh = calloc((size_t)(total ? total : 1), 1);
    if (!fresh) return CAP_NO_MEMORY;
    uint32_t kept = old_cap < cap ? old_cap : cap;
    uint64_t at = 0;
    for (int k = 0; k < n; k++) {
        const cap_part* p = &parts[k];
        if (*mem && *p->ptr) memcpy(fresh + at, *p->ptr, (size_t)(part_count(p, kept) * p->elem));
        *p->ptr = fresh + at;
        at += (part_count(p, cap) * p->elem + 15u) & ~(uint64_t)15u;
    }
    free(*mem);
    *mem = fresh;
    return CAP_OK;
}

int cap_scratch_boxes(cap_scratch* s, uint32_t n)
{
    return cap_grow((void**)&s->boxes, &s->boxes_cap, 4 * (uint64_t)n, sizeof(double));
}

/* Stamp ids only grow; long before they wrap, every stamp is cleared (each
 * call uses at most one id per shape, far fewer than the headroom). */
int cap_scratch_stamps(cap_scratch* s, uint32_t n)
{
    if (s->stamp_id >= 0xf0000000u) {
        if (s->stamp) memset(s->stamp, 0, (size_t)s->stamp_cap * 4u);
        s->stamp_id = 0;
    }
    uint32_t old = s->stamp_cap;
    if (cap_grow((void**)&s->stamp, &s->stamp_cap, n, 4)) return CAP_NO_MEMORY;
    if (s->stamp_cap > old) memset(s->stamp + old, 0, (size_t)(s->stamp_cap - old) * 4u);
    return cap_grow((void**)&s->cand, &s->cand_cap, (uint64_t)n + 1, 4);
}

void cap_scratch_free(cap_scratch* s)
{
    free(s->boxes);
    free(s->stamp);
    free(s->cand);
    memset(s, 0, sizeof *s);
}
