/* capsule2d — private 4-wide float32 operations, one API, three backends:
 *   __wasm_simd128__  wasm SIMD (f32x4)
 *   __SSE4_1__        x86 SSE4.1 (the native 128-bit benchmark row)
 *   otherwise         a plain struct of 4 floats (the wasm scalar build)
 * Every backend gives the same bits: plain IEEE add/sub/mul, and pmin/pmax
 * with wasm's meaning (pmin(a, b) = b < a ? b : a, pmax(a, b) = a < b ? b : a),
 * never min/max, which differ on -0 and NaN; div and sqrt are IEEE's,
 * correctly rounded. Masks are opaque; c4_bits() turns one into 4 bits
 * (lane i -> bit i). A c4 may also carry 4 uint32 (c4_loadi, c4_splati,
 * c4_iota, c4_gti, c4_compress) as bits, never as floats.
 */
#ifndef CAP_SIMD4_H
#define CAP_SIMD4_H

#include <stdint.h>
#include <string.h>

#define C4_INLINE static inline

/* A hot 4-wide helper: inlined where the backend is 4-wide, a plain call
 * in the scalar backend (whose emulated c4 code would only grow). */
#if defined(__wasm_simd128__) || defined(__SSE4_1__)
#define C4_HOT static inline __attribute__((always_inline))
#else
#define C4_HOT static __attribute__((noinline))
#endif

/* Before a loop: keep it as written (no unrolling, no auto-vectorising),
 * for loops that are already 4-wide or too short to pay for the code. */
#if defined(__clang__)
#define C4_LOOP_AS_IS _Pragma("clang loop unroll(disable) vectorize(disable)")
#else
#define C4_LOOP_AS_IS
#endif

/* An optimisation barrier for a 0/1 condition: without it clang turns the
 * integer-mask selects below back into wasm `select`, which V8 compiles to
 * a mispredicted branch (measured: the mask form ran 2.6x faster in wasm
 * scalar). An empty asm statement costs nothing at run time. */
C4_INLINE uint32_t c1_opaque_(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* Scalar pmin/pmax with wasm's meaning, as integer-mask selects:
 * c1_pmin(a, b) = b < a ? b : a, c1_pmax(a, b) = a < b ? b : a. */
C4_INLINE float c1_pick_(uint32_t take_b, float a, float b)
{
    uint32_t ia, ib, m = 0u - c1_opaque_(take_b); /* all ones when take_b */
    memcpy(&ia, &a, 4);
    memcpy(&ib, &b, 4);
    uint32_t ir = (ib & m) | (ia & ~m);
    float r;
    memcpy(&r, &ir, 4);
    return r;
}
C4_INLINE float c1_pmin(float a, float b) { return c1_pick_((uint32_t)(b < a), a, b); }
C4_INLINE float c1_pmax(float a, float b) { return c1_pick_((uint32_t)(a < b), a, b); }

#if defined(__wasm_simd128__) || defined(__SSE4_1__)
/* c4_compress's shuffles: for each 4-bit mask, the bytes of its set lanes
 * first (narrow.c). */
extern const uint8_t cap_c4_compress_table[16][16];
#endif

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

typedef v128_t c4;
typedef v128_t c4m;
#define C4_BACKEND "wasm-simd128"
C4_INLINE c4 c4_load(const float* p) { return wasm_v128_load(p); }
C4_INLINE c4 c4_splat(float a) { return wasm_f32x4_splat(a); }
C4_INLINE c4 c4_add(c4 a, c4 b) { return wasm_f32x4_add(a, b); }
C4_INLINE c4 c4_sub(c4 a, c4 b) { return wasm_f32x4_sub(a, b); }
C4_INLINE c4 c4_mul(c4 a, c4 b) { return wasm_f32x4_mul(a, b); }
C4_INLINE c4 c4_pmin(c4 a, c4 b) { return wasm_f32x4_pmin(a, b); }
C4_INLINE c4 c4_pmax(c4 a, c4 b) { return wasm_f32x4_pmax(a, b); }
C4_INLINE c4m c4_le(c4 a, c4 b) { return wasm_f32x4_le(a, b); }
C4_INLINE c4m c4_or(c4m a, c4m b) { return wasm_v128_or(a, b); }
C4_INLINE int c4_any(c4m m) { return wasm_v128_any_true(m); }
C4_INLINE int c4_bits(c4m m) { return (int)wasm_i32x4_bitmask(m); }
C4_INLINE void c4_store(float* p, c4 a) { wasm_v128_store(p, a); }
C4_INLINE c4m c4_lt(c4 a, c4 b) { return wasm_f32x4_lt(a, b); }
C4_INLINE c4m c4_and(c4m a, c4m b) { return wasm_v128_and(a, b); }
C4_INLINE c4m c4_andnot(c4m a, c4m b) { return wasm_v128_andnot(a, b); } /* a & ~b */
/* m ? a : b, lane by lane (m all ones or all zeros per lane). */
C4_INLINE c4 c4_sel(c4m m, c4 a, c4 b) { return wasm_v128_bitselect(a, b, m); }
/* Rows (a, b, c, d) of a 4x4 matrix become its columns. */
C4_INLINE c4 c4_div(c4 a, c4 b) { return wasm_f32x4_div(a, b); }
C4_INLINE c4 c4_sqrt(c4 a) { return wasm_f32x4_sqrt(a); }
C4_INLINE c4 c4_make(float a, float b, float c, float d) { return wasm_f32x4_make(a, b, c, d); }
C4_INLINE c4 c4_loadi(const uint32_t* p) { return wasm_v128_load(p); }
C4_INLINE c4 c4_splati(uint32_t a) { return wasm_i32x4_splat((int32_t)a); }
C4_INLINE c4 c4_iota(uint32_t a) { return wasm_i32x4_add(wasm_i32x4_splat((int32_t)a), wasm_i32x4_make(0, 1, 2, 3)); }
C4_INLINE void c4_storei(uint32_t* p, c4 a) { wasm_v128_store(p, a); }
/* Lanes below n (lane i set when i < n). */
C4_INLINE c4m c4_below(uint32_t n) { return wasm_i32x4_gt(wasm_i32x4_splat((int32_t)(n < 4u ? n : 4u)), wasm_i32x4_make(0, 1, 2, 3)); }
/* a > b as signed 32-bit integers (indices below 2^31). */
C4_INLINE c4m c4_gti(c4 a, c4 b) { return wasm_i32x4_gt(a, b); }
/* Stores the lanes of v whose bit is set, in lane order, at p (p has room
 * for 4) and returns how many. */
C4_INLINE uint32_t c4_compress(uint32_t* p, c4 v, int bits)
{
    wasm_v128_store(p, wasm_i8x16_swizzle(v, wasm_v128_load(cap_c4_compress_table[bits])));
    return (uint32_t)__builtin_popcount((unsigned)bits);
}
/* The running sums of v's lanes as 32-bit integers (wrapping) plus *carry
 * (each lane the sum before v), and *carry then the last of them (the
 * ball grid's cell starts, contacts.c; no scalar backend: a plain loop). */
C4_INLINE c4 c4_scani(c4 v, c4* carry)
{
    const v128_t z = wasm_i32x4_splat(0);
    v = wasm_i32x4_add(v, wasm_i32x4_shuffle(z, v, 3, 4, 5, 6));
    v = wasm_i32x4_add(v, wasm_i32x4_shuffle(z, v, 2, 3, 4, 5));
    v = wasm_i32x4_add(v, *carry);
    *carry = wasm_i32x4_shuffle(v, v, 3, 3, 3, 3);
    return v;
}
C4_INLINE void c4_transpose(c4* a, c4* b, c4* c, c4* d)
{
    c4 t0 = wasm_i32x4_shuffle(*a, *b, 0, 1, 4, 5), t1 = wasm_i32x4_shuffle(*a, *b, 2, 3, 6, 7);
    c4 t2 = wasm_i32x4_shuffle(*c, *d, 0, 1, 4, 5), t3 = wasm_i32x4_shuffle(*c, *d, 2, 3, 6, 7);
    *a = wasm_i32x4_shuffle(t0, t2, 0, 2, 4, 6);
    *b = wasm_i32x4_shuffle(t0, t2, 1, 3, 5, 7);
    *c = wasm_i32x4_shuffle(t1, t3, 0, 2, 4, 6);
    *d = wasm_i32x4_shuffle(t1, t3, 1, 3, 5, 7);
}

#elif defined(__SSE4_1__)
#include <smmintrin.h>

typedef __m128 c4;
typedef __m128 c4m;
#define C4_BACKEND "sse4.1"
C4_INLINE c4 c4_load(const float* p) { return _mm_loadu_ps(p); }
C4_INLINE c4 c4_splat(float a) { return _mm_set1_ps(a); }
C4_INLINE c4 c4_add(c4 a, c4 b) { return _mm_add_ps(a, b); }
C4_INLINE c4 c4_sub(c4 a, c4 b) { return _mm_sub_ps(a, b); }
C4_INLINE c4 c4_mul(c4 a, c4 b) { return _mm_mul_ps(a, b); }
/* _mm_min_ps(x, y) = x < y ? x : y, so pmin(a, b) = b < a ? b : a = min(b, a). */
C4_INLINE c4 c4_pmin(c4 a, c4 b) { return _mm_min_ps(b, a); }
/* _mm_max_ps(x, y) = x > y ? x : y, so pmax(a, b) = a < b ? b : a = max(b, a). */
C4_INLINE c4 c4_pmax(c4 a, c4 b) { return _mm_max_ps(b, a); }
C4_INLINE c4m c4_le(c4 a, c4 b) { return _mm_cmple_ps(a, b); }
C4_INLINE c4m c4_or(c4m a, c4m b) { return _mm_or_ps(a, b); }
C4_INLINE int c4_any(c4m m) { return _mm_movemask_ps(m) != 0; }
C4_INLINE int c4_bits(c4m m) { return _mm_movemask_ps(m); }
C4_INLINE void c4_store(float* p, c4 a) { _mm_storeu_ps(p, a); }
C4_INLINE c4m c4_lt(c4 a, c4 b) { return _mm_cmplt_ps(a, b); }
C4_INLINE c4m c4_and(c4m a, c4m b) { return _mm_and_ps(a, b); }
C4_INLINE c4m c4_andnot(c4m a, c4m b) { return _mm_andnot_ps(b, a); } /* a & ~b */
C4_INLINE c4 c4_sel(c4m m, c4 a, c4 b) { return _mm_blendv_ps(b, a, m); }
C4_INLINE void c4_transpose(c4* a, c4* b, c4* c, c4* d) { _MM_TRANSPOSE4_PS(*a, *b, *c, *d); }
C4_INLINE c4 c4_div(c4 a, c4 b) { return _mm_div_ps(a, b); }
C4_INLINE c4 c4_sqrt(c4 a) { return _mm_sqrt_ps(a); }
C4_INLINE c4 c4_make(float a, float b, float c, float d) { return _mm_setr_ps(a, b, c, d); }
C4_INLINE c4 c4_loadi(const uint32_t* p) { return _mm_castsi128_ps(_mm_loadu_si128((const __m128i*)p)); }
C4_INLINE c4 c4_splati(uint32_t a) { return _mm_castsi128_ps(_mm_set1_epi32((int32_t)a)); }
C4_INLINE c4 c4_iota(uint32_t a) { return _mm_castsi128_ps(_mm_add_epi32(_mm_set1_epi32((int32_t)a), _mm_setr_epi32(0, 1, 2, 3))); }
C4_INLINE void c4_storei(uint32_t* p, c4 a) { _mm_storeu_si128((__m128i*)p, _mm_castps_si128(a)); }
C4_INLINE c4m c4_below(uint32_t n)
{
    return _mm_castsi128_ps(_mm_cmpgt_epi32(_mm_set1_epi32((int32_t)(n < 4u ? n : 4u)), _mm_setr_epi32(0, 1, 2, 3)));
}
C4_INLINE c4m c4_gti(c4 a, c4 b) { return _mm_castsi128_ps(_mm_cmpgt_epi32(_mm_castps_si128(a), _mm_castps_si128(b))); }
C4_INLINE uint32_t c4_compress(uint32_t* p, c4 v, int bits)
{
    __m128i t = _mm_loadu_si128((const __m128i*)cap_c4_compress_table[bits]);
    _mm_storeu_si128((__m128i*)p, _mm_shuffle_epi8(_mm_castps_si128(v), t));
    return (uint32_t)__builtin_popcount((unsigned)bits);
}
C4_INLINE c4 c4_scani(c4 v, c4* carry)
{
    __m128i x = _mm_castps_si128(v);
    x = _mm_add_epi32(x, _mm_slli_si128(x, 4));
    x = _mm_add_epi32(x, _mm_slli_si128(x, 8));
    x = _mm_add_epi32(x, _mm_castps_si128(*carry));
    *carry = _mm_castsi128_ps(_mm_shuffle_epi32(x, 0xff));
    return _mm_castsi128_ps(x);
}

#else

typedef struct c4 { float v[4]; } c4;
typedef struct c4m { uint32_t v[4]; } c4m;
#define C4_BACKEND "scalar"
C4_INLINE c4 c4_load(const float* p) { c4 r; memcpy(r.v, p, sizeof r.v); return r; }
C4_INLINE c4 c4_splat(float a) { c4 r = {{a, a, a, a}}; return r; }
C4_INLINE c4 c4_add(c4 a, c4 b) { c4 r; for (int i = 0; i < 4; i++) r.v[i] = a.v[i] + b.v[i]; return r; }
C4_INLINE c4 c4_sub(c4 a, c4 b) { c4 r; for (int i = 0; i < 4; i++) r.v[i] = a.v[i] - b.v[i]; return r; }
C4_INLINE c4 c4_mul(c4 a, c4 b) { c4 r; for (int i = 0; i < 4; i++) r.v[i] = a.v[i] * b.v[i]; return r; }
C4_INLINE c4 c4_pmin(c4 a, c4 b)
{
    c4 r;
    for (int i = 0; i < 4; i++) r.v[i] = c1_pick_((uint32_t)(b.v[i] < a.v[i]), a.v[i], b.v[i]);
    return r;
}
C4_INLINE c4 c4_pmax(c4 a, c4 b)
{
    c4 r;
    for (int i = 0; i < 4; i++) r.v[i] = c1_pick_((uint32_t)(a.v[i] < b.v[i]), a.v[i], b.v[i]);
    return r;
}
C4_INLINE c4m c4_le(c4 a, c4 b)
{
    c4m r;
    for (int i = 0; i < 4; i++) r.v[i] = 0u - c1_opaque_((uint32_t)(a.v[i] <= b.v[i]));
    return r;
}
C4_INLINE c4m c4_or(c4m a, c4m b) { c4m r; for (int i = 0; i < 4; i++) r.v[i] = a.v[i] | b.v[i]; return r; }
C4_INLINE int c4_any(c4m m) { return (m.v[0] | m.v[1] | m.v[2] | m.v[3]) != 0; }
C4_INLINE int c4_bits(c4m m) { return (int)((m.v[0] & 1u) | (m.v[1] & 2u) | (m.v[2] & 4u) | (m.v[3] & 8u)); }
C4_INLINE void c4_store(float* p, c4 a) { memcpy(p, a.v, sizeof a.v); }
C4_INLINE c4m c4_lt(c4 a, c4 b)
{
    c4m r;
    for (int i = 0; i < 4; i++) r.v[i] = 0u - c1_opaque_((uint32_t)(a.v[i] < b.v[i]));
    return r;
}
C4_INLINE c4m c4_and(c4m a, c4m b) { c4m r; for (int i = 0; i < 4; i++) r.v[i] = a.v[i] & b.v[i]; return r; }
C4_INLINE c4m c4_andnot(c4m a, c4m b) { c4m r; for (int i = 0; i < 4; i++) r.v[i] = a.v[i] & ~b.v[i]; return r; }
C4_INLINE void c4_transpose(c4* a, c4* b, c4* c, c4* d)
{
    c4 r[4] = {*a, *b, *c, *d}, o[4];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) o[i].v[j] = r[j].v[i];
    *a = o[0]; *b = o[1]; *c = o[2]; *d = o[3];
}
C4_INLINE c4 c4_div(c4 a, c4 b) { c4 r; for (int i = 0; i < 4; i++) r.v[i] = a.v[i] / b.v[i]; return r; }
C4_INLINE c4 c4_sqrt(c4 a) { c4 r; for (int i = 0; i < 4; i++) r.v[i] = __builtin_sqrtf(a.v[i]); return r; }
C4_INLINE c4 c4_make(float a, float b, float c, float d) { c4 r = {{a, b, c, d}}; return r; }
C4_INLINE c4 c4_loadi(const uint32_t* p) { c4 r; memcpy(r.v, p, sizeof r.v); return r; }
C4_INLINE c4 c4_splati(uint32_t a) { c4 r; for (int i = 0; i < 4; i++) memcpy(&r.v[i], &a, 4); return r; }
C4_INLINE c4 c4_iota(uint32_t a) { c4 r; for (uint32_t i = 0; i < 4; i++) { uint32_t b = a + i; memcpy(&r.v[i], &b, 4); } return r; }
C4_INLINE void c4_storei(uint32_t* p, c4 a) { memcpy(p, a.v, sizeof a.v); }
C4_INLINE c4m c4_below(uint32_t n) { c4m r; for (uint32_t i = 0; i < 4; i++) r.v[i] = 0u - c1_opaque_((uint32_t)(i < n)); return r; }
C4_INLINE c4m c4_gti(c4 a, c4 b)
{
    c4m r;
    for (int i = 0; i < 4; i++) {
        int32_t x, y;
        memcpy(&x, &a.v[i], 4);
        memcpy(&y, &b.v[i], 4);
        r.v[i] = 0u - c1_opaque_((uint32_t)(x > y));
    }
    return r;
}
C4_INLINE uint32_t c4_compress(uint32_t* p, c4 v, int bits)
{
    uint32_t k = 0;
    for (int i = 0; i < 4; i++) { /* branch-free: every lane written, kept when its bit is set */
        memcpy(p + k, &v.v[i], 4);
        k += (uint32_t)(bits >> i) & 1u;
    }
    return k;
}
C4_INLINE c4 c4_sel(c4m m, c4 a, c4 b)
{
    c4 r;
    for (int i = 0; i < 4; i++) {
        uint32_t ia, ib, ir;
        memcpy(&ia, &a.v[i], 4);
        memcpy(&ib, &b.v[i], 4);
        ir = (ia & m.v[i]) | (ib & ~m.v[i]);
        memcpy(&r.v[i], &ir, 4);
    }
    return r;
}

#endif

#endif
