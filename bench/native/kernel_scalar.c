/* The plain-C kernel: one pair at a time, in output order. */
#include "kernels.h"

int all_pairs_scalar(const circles* c, const prepared* p, int m, uint32_t* scratch, hits* out)
{
    (void)scratch;
    out->count = 0;
    for (int i = 0; i < c->count; i++)
        for (int j = 0; j < m; j++) pair_contact(c, p, i, j, out);
    return out->count;
}
