/* Shared helpers of the native batch tests: a seeded generator, random
 * scenes, the documented pair test written again from the header's text,
 * bit-exact buffer comparison, sentinel buffers and one-pair queries. */
#ifndef CAP_TEST_BATCH_SCENE_H
#define CAP_TEST_BATCH_SCENE_H

#include <stdint.h>

#include "capsule2d_batch.h"

/* A tiny deterministic generator (xorshift32) for scenes; every test seeds
 * rng_state itself. */
extern uint32_t rng_state;

uint32_t rng_u32(void);

float rng_range(float lo, float hi);

void fill_scene(cap_capsule_set* caps, uint32_t m, cap_circle_set* circ, uint32_t n, float w, float h,
                float len, float rmax);

/* The documented float32 test, written again here from the header's text
 * (normal-range inputs: g = v / |v|^2). */
int doc_test(float ax, float ay, float bx, float by, float ra, float cx, float cy, float rc);

int same_contacts(const cap_contact_buffer* p, const cap_contact_buffer* q, uint32_t n);

/* A contact buffer over caller arrays of capacity + 4, sentinels after. */
typedef struct sentinel_buffer {
    cap_contact_buffer b;
    uint32_t a[64], bb[64];
    float f[5][64];
} sentinel_buffer;

void sentinel_init(sentinel_buffer* s, uint32_t capacity);

int sentinels_intact(const sentinel_buffer* s, uint32_t from);

cap_contact_buffer* one_pair(float ax, float ay, float bx, float by, float ra, float cx, float cy, float rc);

/* find (the contact index) against all pairs: same count, same bits. */
int grid_matches_all_pairs(cap_capsule_set* caps, const cap_circle_set* circ, cap_contact_buffer* g,
                           cap_contact_buffer* b);

#endif
