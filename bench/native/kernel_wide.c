/* The wide native kernels: SSE4.1 (4 lanes, the same width as wasm SIMD),
 * AVX2 (8) and AVX-512 (16), from one template (kernel_block.inc), with
 * per-function target attributes so the file builds on any x86-64 gcc and
 * the driver picks what the CPU runs at run time. */
#include <immintrin.h>
#include "kernels.h"

#if defined(__x86_64__) || defined(__i386__)

int have_avx2(void) { return __builtin_cpu_supports("avx2"); }
int have_avx512(void) { return __builtin_cpu_supports("avx512f"); }

#define W 4
#define V __m128
#define SET1 _mm_set1_ps
#define LOAD _mm_loadu_ps
#define ADD _mm_add_ps
#define SUB _mm_sub_ps
#define MUL _mm_mul_ps
#define PMAX0(t) _mm_max_ps(t, _mm_setzero_ps())
#define PMIN1(t) _mm_min_ps(t, _mm_set1_ps(1.0f))
#define LEBITS(a, b) (uint32_t) _mm_movemask_ps(_mm_cmple_ps(a, b))
#define TARGET __attribute__((target("sse4.1")))
#define NAME all_pairs_sse41
#include "kernel_block.inc"
#undef W
#undef V
#undef SET1
#undef LOAD
#undef ADD
#undef SUB
#undef MUL
#undef PMAX0
#undef PMIN1
#undef LEBITS
#undef TARGET
#undef NAME

#define W 8
#define V __m256
#define SET1 _mm256_set1_ps
#define LOAD _mm256_loadu_ps
#define ADD _mm256_add_ps
#define SUB _mm256_sub_ps
#define MUL _mm256_mul_ps
#define PMAX0(t) _mm256_max_ps(t, _mm256_setzero_ps())
#define PMIN1(t) _mm256_min_ps(t, _mm256_set1_ps(1.0f))
#define LEBITS(a, b) (uint32_t) _mm256_movemask_ps(_mm256_cmp_ps(a, b, _CMP_LE_OQ))
#define TARGET __attribute__((target("avx2")))
#define NAME all_pairs_avx2
#include "kernel_block.inc"
#undef W
#undef V
#undef SET1
#undef LOAD
#undef ADD
#undef SUB
#undef MUL
#undef PMAX0
#undef PMIN1
#undef LEBITS
#undef TARGET
#undef NAME

#define W 16
#define V __m512
#define SET1 _mm512_set1_ps
#define LOAD _mm512_loadu_ps
#define ADD _mm512_add_ps
#define SUB _mm512_sub_ps
#define MUL _mm512_mul_ps
#define PMAX0(t) _mm512_max_ps(t, _mm512_setzero_ps())
#define PMIN1(t) _mm512_min_ps(t, _mm512_set1_ps(1.0f))
#define LEBITS(a, b) (uint32_t) _mm512_cmp_ps_mask(a, b, _CMP_LE_OQ)
#define TARGET __attribute__((target("avx512f")))
#define NAME all_pairs_avx512
#include "kernel_block.inc"

#else /* not x86: no wide kernels */

int have_avx2(void) { return 0; }
int have_avx512(void) { return 0; }
int all_pairs_sse41(const circles* c, const prepared* p, int m, uint32_t* s, hits* out) { return all_pairs_scalar(c, p, m, s, out); }
int all_pairs_avx2(const circles* c, const prepared* p, int m, uint32_t* s, hits* out) { return all_pairs_scalar(c, p, m, s, out); }
int all_pairs_avx512(const circles* c, const prepared* p, int m, uint32_t* s, hits* out) { return all_pairs_scalar(c, p, m, s, out); }

#endif
