/* capsule2d — private: the batch pair test (capsule or circle A against
 * circle B) shared by the grid paths and the 4-wide all-pairs kernel, so
 * every path gives the same bits. The test itself is specified in
 * capsule2d_batch.h ("THE PAIR TEST"). */
#ifndef CAP_NARROW_H
#define CAP_NARROW_H

#include <stdint.h>

#include "capsule2d_batch.h"

/* A capsule prepared for the pair test: A, v = B - A, g = v / |v|^2, ra. */
typedef struct cap_narrow_shape {
    float ax, ay, vx, vy, gx, gy, r;
} cap_narrow_shape;

/* Prepared capsules, structure of arrays (scratch owned by the caller). */
typedef struct cap_narrow_soa {
    float *ax, *ay, *vx, *vy, *gx, *gy, *r;
} cap_narrow_soa;

/* The projection gradient g = v / |v|^2, exact for huge and tiny v; 0 for a
 * zero-length (or overflowed) v. */
void cap_narrow_gradient(float vx, float vy, float* gx, float* gy);

cap_narrow_shape cap_narrow_capsule(float ax, float ay, float bx, float by, float r);

/* 1 when circle (cx, cy, rc) touches shape s (the documented test). */
int cap_narrow_test(const cap_narrow_shape* s, float cx, float cy, float rc);

/* The contact for a pair that passed cap_narrow_test: out = nx, ny, depth,
 * point x, point y. */
void cap_narrow_contact(const cap_narrow_shape* s, float cx, float cy, float rc, float out[5]);

/* Adds contact number k (0-based, in output order) if it fits. */
void cap_narrow_put(cap_contact_buffer* out, uint64_t k, uint32_t a, uint32_t b, const float c[5]);

/* All m capsules x n circles, 8 circles (two 4-wide vectors) per capsule per
 * step. cx, cy, cr hold n circles padded with NaN centres to a multiple of
 * 8; scratch holds room for 2 * m uint32. Writes hits ordered by circle, then
 * capsule, and returns how many were found. */
uint64_t cap_narrow_all_pairs(const cap_narrow_soa* caps, uint32_t m, const float* cx, const float* cy,
                              const float* cr, uint32_t n, uint32_t* scratch, cap_contact_buffer* out);

#endif
