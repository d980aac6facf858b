/* capsule2d — grow-only scratch owned by its caller. See scratch.h. */
#include "kernels/scratch.h"

#include <stdlib.h>
#include <string.h>

#include "capsule2d.h"

int cap_grow(void** p, uint32_t* cap, uint64_t need, size_t elem)
{
    if (need <= *cap) return CAP_OK;
    uint64_t want = need + need / 2 + 64;
    if (want * elem > 0x7fffffffu) want = need;
    if (want * elem > 0x7fffffffu) return CAP_NO_MEMORY;
    void* q = realloc(*p, (size_t)(want * elem));
    if (!q) return CAP_NO_MEMORY;
    *p = q;
    *cap = (uint32_t)want;
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
