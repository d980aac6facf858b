/* capsule2d — private: grow-only scratch owned by its caller (the batch
 * layer's contexts, the world's static grid and query index). Nothing here
 * is global: every buffer lives in an object the caller passes in. */
#ifndef CAP_SCRATCH_H
#define CAP_SCRATCH_H

#include <stddef.h>
#include <stdint.h>

/* realloc(p, new_bytes) for a block holding old_bytes (at most
 * new_bytes) that the caller uses: a new allocation, the old bytes copied,
 * the old block freed. NULL (and p untouched) when out of memory. Every
 * grow goes through here and not realloc: the wasm modules then carry no
 * realloc (emmalloc's grows blocks in place: 0.9 KB gzipped). */
void* cap_resize(void* p, size_t old_bytes, size_t new_bytes);

/* Grows *p (elements of `elem` bytes, *cap of them) to hold at least
 * `need`, with headroom; never shrinks. CAP_OK or CAP_NO_MEMORY (then *p
 * and *cap are as they were). */
int cap_grow(void** p, uint32_t* cap, uint64_t need, size_t elem);

/* A block: arrays that share one capacity, held in one allocation (the
 * world's per-ball-slot arrays, its per-static-slot arrays, its contact
 * lists; a body's fields). Part k holds cap / div + extra elements of elem
 * bytes (div 0: cap), at a 16-byte aligned offset; its address is kept in
 * *ptr, where the code that uses the array reads it. */
typedef struct cap_part {
    void** ptr;
    uint32_t elem, div, extra;
} cap_part;

/* Moves the n parts into one new zeroed allocation sized for cap, each
 * keeping the elements it held for old_cap (from wherever *ptr points
 * now, so parts that swap addresses, like this step's and the last step's
 * contacts, stay what they are), then frees the old block *mem and points
 * *mem at the new one. cap < old_cap keeps the first elements that fit.
 * CAP_OK, or CAP_NO_MEMORY with nothing changed. */
int cap_block_resize(void** mem, const cap_part* parts, int n, uint32_t old_cap, uint32_t cap);

/* The scratch every grid gather needs: boxes to build from, seen-stamps
 * and the candidate list. Zero-initialise; free with cap_scratch_free. */
typedef struct cap_scratch {
    double* boxes; /* 4 per box: minx, miny, maxx, maxy */
    uint32_t *stamp, *cand;
    uint32_t boxes_cap, stamp_cap, cand_cap; /* boxes_cap in doubles */
    uint32_t stamp_id;
} cap_scratch;

/* Room for n boxes. */
int cap_scratch_boxes(cap_scratch* s, uint32_t n);

/* Stamps for items < n and a candidate list of n + 1 (stamps are cleared
 * long before their ids wrap). */
int cap_scratch_stamps(cap_scratch* s, uint32_t n);

void cap_scratch_free(cap_scratch* s);

#endif
