/* capsule2d — batch sets and buffers: create, reserve (all or nothing),
 * destroy. Declarations and conventions: capsule2d_batch.h. */
#include "capsule2d_batch.h"

#include <stdlib.h>
#include <string.h>

#include "batch/batch_internal.h"

int cap_batch_realloc_all(void** arrays[], int k, uint32_t keep, uint32_t capacity)
{
    void* fresh[16];
    size_t bytes = (size_t)(capacity ? capacity : 1) * 4u;
    if ((uint64_t)(capacity ? capacity : 1) * 4u > (uint64_t)(size_t)-1 / 2) return CAP_BATCH_NO_MEMORY;
    for (int i = 0; i < k; i++) {
        fresh[i] = malloc(bytes);
        if (!fresh[i]) {
            while (i-- > 0) free(fresh[i]);
            return CAP_BATCH_NO_MEMORY;
        }
        memset(fresh[i], 0, bytes);
        if (*arrays[i] && keep) memcpy(fresh[i], *arrays[i], (size_t)keep * 4u);
    }
    for (int i = 0; i < k; i++) {
        free(*arrays[i]);
        *arrays[i] = fresh[i];
    }
    return CAP_BATCH_OK;
}

#define ARRAYS(...) ((void**[]){__VA_ARGS__}), (int)(sizeof((void**[]){__VA_ARGS__}) / sizeof(void**))

int cap_circle_set_reserve(cap_circle_set* s, uint32_t capacity)
{
    if (!s) return CAP_BATCH_BAD_ARGUMENT;
    if (capacity <= s->capacity && s->x) return CAP_BATCH_OK;
    int rc = cap_batch_realloc_all(ARRAYS((void**)&s->x, (void**)&s->y, (void**)&s->radius), s->count, capacity);
    if (rc == CAP_BATCH_OK && capacity > s->capacity) s->capacity = capacity;
    return rc;
}

int cap_capsule_set_reserve(cap_capsule_set* s, uint32_t capacity)
{
    if (!s) return CAP_BATCH_BAD_ARGUMENT;
    if (capacity <= s->capacity && s->ax) return CAP_BATCH_OK;
    int rc = cap_batch_realloc_all(ARRAYS((void**)&s->ax, (void**)&s->ay, (void**)&s->bx, (void**)&s->by,
                                (void**)&s->radius),
                         s->count, capacity);
    if (rc == CAP_BATCH_OK) {
        if (capacity > s->capacity) s->capacity = capacity;
        s->version++;
    }
    return rc;
}

int cap_contact_buffer_reserve(cap_contact_buffer* b, uint32_t capacity)
{
    if (!b) return CAP_BATCH_BAD_ARGUMENT;
    if (capacity <= b->capacity && b->a) return CAP_BATCH_OK;
    uint32_t keep = b->count < b->capacity ? b->count : b->capacity;
    int rc = cap_batch_realloc_all(ARRAYS((void**)&b->a, (void**)&b->b, (void**)&b->nx, (void**)&b->ny, (void**)&b->depth,
                                (void**)&b->point_x, (void**)&b->point_y),
                         keep, capacity);
    if (rc == CAP_BATCH_OK && capacity > b->capacity) b->capacity = capacity;
    return rc;
}

int cap_index_buffer_reserve(cap_index_buffer* b, uint32_t capacity)
{
    if (!b) return CAP_BATCH_BAD_ARGUMENT;
    if (capacity <= b->capacity && b->index) return CAP_BATCH_OK;
    uint32_t keep = b->count < b->capacity ? b->count : b->capacity;
    int rc = cap_batch_realloc_all(ARRAYS((void**)&b->index), keep, capacity);
    if (rc == CAP_BATCH_OK && capacity > b->capacity) b->capacity = capacity;
    return rc;
}

#define CREATE(type, reserve)                                   \
    type* o = (type*)calloc(1, sizeof(type));                   \
    if (!o) return NULL;                                        \
    if (reserve(o, capacity) != CAP_BATCH_OK) {                 \
        free(o);                                                \
        return NULL;                                            \
    }                                                           \
    o->capacity = capacity;                                     \
    return o

cap_circle_set* cap_circle_set_create(uint32_t capacity) { CREATE(cap_circle_set, cap_circle_set_reserve); }
cap_capsule_set* cap_capsule_set_create(uint32_t capacity) { CREATE(cap_capsule_set, cap_capsule_set_reserve); }
cap_contact_buffer* cap_contact_buffer_create(uint32_t capacity) { CREATE(cap_contact_buffer, cap_contact_buffer_reserve); }
cap_index_buffer* cap_index_buffer_create(uint32_t capacity) { CREATE(cap_index_buffer, cap_index_buffer_reserve); }

void cap_circle_set_destroy(cap_circle_set* s)
{
    if (!s) return;
    free(s->x);
    free(s->y);
    free(s->radius);
    free(s);
}

void cap_capsule_set_destroy(cap_capsule_set* s)
{
    if (!s) return;
    free(s->ax);
    free(s->ay);
    free(s->bx);
    free(s->by);
    free(s->radius);
    if (s->index) {
        cap_contact_index_free(&s->index->contact);
        cap_grid_free(&s->index->grid);
        free(s->index);
    }
    free(s);
}

void cap_contact_buffer_destroy(cap_contact_buffer* b)
{
    if (!b) return;
    free(b->a);
    free(b->b);
    free(b->nx);
    free(b->ny);
    free(b->depth);
    free(b->point_x);
    free(b->point_y);
    free(b);
}

void cap_index_buffer_destroy(cap_index_buffer* b)
{
    if (!b) return;
    free(b->index);
    free(b);
}
