/* Tiny test macros for the native C tests (after Box2D's test_macros.h).
 * A test is `int test_name(void)` (found by run.sh's grep) returning 0 on success; ENSURE records
 * the first failing line and returns 1. */
#ifndef CAP_TEST_H
#define CAP_TEST_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#define ENSURE(c)                                                           \
    do {                                                                    \
        if (!(c)) {                                                         \
            printf("  FAILED %s:%d: %s\n", __FILE__, __LINE__, #c);         \
            return 1;                                                       \
        }                                                                   \
    } while (0)

#define ENSURE_NEAR(a, b, tol)                                              \
    do {                                                                    \
        double a_ = (a), b_ = (b);                                          \
        if (!(fabs(a_ - b_) <= (tol))) {                                    \
            printf("  FAILED %s:%d: %s = %.9g, %s = %.9g (tol %g)\n",       \
                   __FILE__, __LINE__, #a, a_, #b, b_, (double)(tol));      \
            return 1;                                                       \
        }                                                                   \
    } while (0)

/* Bitwise float equality (distinguishes -0 from +0, equal NaNs compare equal). */
static inline int cap_same_bits(float a, float b) { return memcmp(&a, &b, sizeof a) == 0; }

typedef int (*cap_test_fn)(void);
typedef struct cap_test_case { const char* name; cap_test_fn fn; } cap_test_case;

#endif
