/* Hit lists and their order-independent checksums (as bench/lib/checksum.js). */
#ifndef BENCH_HITS_H
#define BENCH_HITS_H

#include <stdint.h>
#include <string.h>

typedef struct hits {
    int capacity, count;
    uint32_t *circle, *capsule;
    float *nx, *ny, *depth;
} hits;

static inline void hits_put(hits* h, uint32_t circle, uint32_t capsule, float nx, float ny, float depth)
{
    int k = h->count++;
    if (k < h->capacity) {
        h->circle[k] = circle;
        h->capsule[k] = capsule;
        h->nx[k] = nx;
        h->ny[k] = ny;
        h->depth[k] = depth;
    }
}

static inline uint32_t mix32(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

typedef struct hit_sum { uint32_t pairs, depths; double depth_total; } hit_sum;

static inline hit_sum hits_sum(const hits* h)
{
    hit_sum s = {0, 0, 0.0};
    int n = h->count < h->capacity ? h->count : h->capacity;
    for (int k = 0; k < n; k++) {
        uint32_t p = mix32(mix32(h->circle[k]) ^ h->capsule[k]);
        uint32_t bits;
        memcpy(&bits, &h->depth[k], sizeof bits);
        s.pairs += p;
        s.depths += mix32(p ^ bits);
        s.depth_total += h->depth[k];
    }
    return s;
}

#endif
