// The mutation check's fixed list of realistic single-line bugs (issue 19).
// Each mutant is a source patch: in `file`, the one occurrence of `old`
// becomes `new` (an `old` that occurs 0 or 2+ times is reported as "patch did
// not apply", never silently skipped). Keep `old` short but unique, so small
// edits elsewhere in the file do not break it. `equivalent` (a reason) marks
// a mutant that cannot change any observable result; it is applied (to check
// the patch still matches) but not expected to be caught.
//
// run: npm run test:mutants   (tools/mutants/run.js; README, "Mutation check")

export const MUTANTS = [
  // ---- C core: src/core ----------------------------------------------------
  {
    id: 'core-touching',
    what: 'collideCapsuleCircle: exact touching (dist == rsum) is no longer a hit',
    file: 'src/core/query.c',
    old: 'return dist <= rsum; /* touching',
    new: 'return dist < rsum; /* touching',
  },
  {
    id: 'core-clamp',
    what: 'closest point on a segment: the projection is not clamped at 0 (points before A)',
    file: 'src/core/query.c',
    old: 't = cap_minf(cap_maxf(t, 0.0f), 1.0f);',
    new: 't = cap_minf(t, 1.0f);',
  },
  {
    id: 'core-line-normal',
    what: 'collideLineCircle: a centre on the line (d = 0) gets the right normal, not the left',
    file: 'src/core/query.c',
    old: 'cap_vec2 n = d < 0.0f ? cap_neg(left) : left;',
    new: 'cap_vec2 n = d <= 0.0f ? cap_neg(left) : left;',
  },
  {
    id: 'core-manifold-order',
    what: 'collideCapsules, parallel: equal depths put the far end first (the tie rule)',
    file: 'src/core/query.c',
    old: 'int swap = d1 > d0;',
    new: 'int swap = d1 >= d0;',
  },
  {
    id: 'core-ray-facing',
    what: 'rays: the normal of a flat side faces away from the ray origin',
    file: 'src/core/cast.c',
    old: 'by = s0 > 0.0 ? ex : 0.0 - ex;',
    new: 'by = s0 < 0.0 ? ex : 0.0 - ex;',
  },
  {
    id: 'core-ray-end-touch',
    what: 'rays: a path that touches exactly at its end (by the static test) is missed: the end check is dropped',
    file: 'src/core/cast.c',
    old: '    if (!end_touch) return 0;',
    new: '    if (!end_touch || end_touch) return 0;',
  },
  {
    id: 'core-ray-tangent',
    what: 'rays: a tangent ray misses a circle (h == r)',
    file: 'src/core/cast.c',
    old: 'if (!(bm < 0.0) || !(h <= r)) continue;',
    new: 'if (!(bm < 0.0) || !(h < r)) continue;',
  },
  {
    id: 'core-sweep-point',
    what: 'sweeps: the contact point is put on the far side of the moving circle',
    file: 'src/core/cast.c',
    old: '(float)((double)rh.point.x - (double)r * rh.normal.x)',
    new: '(float)((double)rh.point.x + (double)r * rh.normal.x)',
  },
  {
    id: 'core-ray-capsule-side',
    what: 'rays: a flat side counts only up to the middle of the core (a halved range check)',
    file: 'src/core/cast.c',
    old: 'if (t > 0.0 && ta >= 0.0 && ta <= le) {',
    new: 'if (t > 0.0 && ta >= 0.0 && ta <= 0.5 * le) {',
  },

  // ---- kernels, grid, batch: src/kernels, src/batch ------------------------
  {
    id: 'kernel-last-lane',
    what: 'all-pairs kernel: the 8th circle of each block of 8 is never emitted',
    file: 'src/kernels/narrow.c',
    old: 'lane < 8 && base + lane < n',
    new: 'lane < 7 && base + lane < n',
  },
  {
    id: 'kernel-tiny-core',
    what: 'pair test: a core with |v|^2 < 1e-30 takes the plain division (gradient overflows)',
    file: 'src/kernels/narrow.c',
    old: 'if (vv >= 1e-30f && vv <= 3.0e38f) {',
    new: 'if (vv > 0.0f && vv <= 3.0e38f) {',
  },
  {
    id: 'grid-diagonal-left',
    what: 'circle buckets: the scan skips the lower-left diagonal neighbour cell',
    file: 'src/batch/circle_buckets.c',
    old: 'e0 = bs->start[c + w - 1]',
    new: 'e0 = bs->start[c + w]',
  },
  {
    id: 'grid-diagonal-right',
    what: 'circle buckets: the scan skips the lower-right diagonal neighbour cell',
    file: 'src/batch/circle_buckets.c',
    old: 'e1 = bs->start[c + w + 2]',
    new: 'e1 = bs->start[c + w + 1]',
  },
  {
    id: 'grid-gather-row',
    what: 'grid gather (box): the last row of the box is not gathered',
    file: 'src/kernels/grid.c',
    old: 'for (int32_t y = r.y0; y <= r.y1; y++) k = gather_row',
    new: 'for (int32_t y = r.y0; y < r.y1; y++) k = gather_row',
  },
  {
    id: 'cast-gather-row',
    what: 'cast gather (segment): the last row the segment reaches is not gathered',
    file: 'src/kernels/grid.c',
    old: 'for (int32_t row = ry0; row <= ry1; row++) {',
    new: 'for (int32_t row = ry0; row < ry1; row++) {',
  },
  {
    id: 'cast-gather-radius',
    what: 'cast gather (segment): the swept circle\'s radius is left out of the padding',
    file: 'src/kernels/grid.c',
    old: 'double pad = r + 0.5 * cell',
    new: 'double pad = 0.5 * cell',
  },
  {
    id: 'cast-ray-extent',
    what: 'rayCastClosest / castRays: the gathered segment ignores maxFraction in x',
    file: 'src/batch/batch_cast.c',
    old: 'ray.origin.x + (double)ray.max_fraction * ray.direction.x,',
    new: 'ray.origin.x + ray.direction.x,',
  },
  {
    id: 'cast-tie',
    what: 'rayCastClosest: a tie goes to the higher capsule index',
    file: 'src/batch/batch_cast.c',
    old: 'if (!found || h.fraction < hit->fraction) {',
    new: 'if (!found || h.fraction <= hit->fraction) {',
  },
  {
    id: 'index-version',
    what: 'contact index: a changed set version (set(), update()) does not rebuild it',
    file: 'src/kernels/contact_index.c',
    old: 'int fresh = ci->built && ci->count == m && ci->version == c->version;',
    new: 'int fresh = ci->built && ci->count == m;',
  },
  {
    id: 'index-reach',
    what: 'contact index: larger circles than it was built for do not rebuild it',
    file: 'src/kernels/contact_index.c',
    old: 'if (fresh && reach <= ci->reach) return CAP_OK;',
    new: 'if (fresh) return CAP_OK;',
  },
  {
    id: 'check-radius',
    what: 'batch input check: the fast pass never flags a negative radius',
    file: 'src/batch/batch_check.c',
    old: 'if (f == k - 1) acc |=',
    new: 'if (f == k) acc |=',
  },
  {
    id: 'query-box-corner',
    what: 'queryBox on capsules: one corner of the box is not tested against the capsule',
    file: 'src/batch/batch_query.c',
    old: 'for (int c = 0; c < 4; c++) {',
    new: 'for (int c = 0; c < 3; c++) {',
  },
  {
    id: 'query-circle-box-touch',
    what: 'queryBox on circles: a circle touching the box no longer counts',
    file: 'src/batch/batch_query.c',
    old: 'b) <= r * r) put(out, &k, i);',
    new: 'b) < r * r) put(out, &k, i);',
  },

  // ---- the world: src/world --------------------------------------------------
  {
    id: 'world-restitution',
    what: 'world: ball–ball restitution takes the first ball\'s, not max(ea, eb)',
    file: 'src/world/step.c',
    old: 'c->restitution = fmax2(s->rest[a], s->rest[b]);',
    new: 'c->restitution = fmax2(s->rest[a], s->rest[a]);',
  },
  // Blind spots of issue 23, item 6 (caught by tests/world/scale, pivot-board,
  // lifecycle and filter-mixed .test.js).
  {
    id: 'world-rthresh-scale',
    what: 'world: the restitution threshold is not scaled by unitsPerMeter',
    file: 'src/world/step.c',
    old: 'float rthresh = d->restitution_threshold * upm;',
    new: 'float rthresh = d->restitution_threshold;',
  },
  {
    id: 'world-hit-scale',
    what: 'world: the hit speed threshold is not scaled by unitsPerMeter',
    file: 'src/world/step.c',
    old: 'float hit = d->hit_speed_threshold * upm;',
    new: 'float hit = d->hit_speed_threshold;',
  },
  {
    id: 'world-sleep-scale',
    what: 'world: the sleep speed is not scaled by unitsPerMeter',
    file: 'src/world/step.c',
    old: 'float sl2 = d->sleep_speed * upm * d->sleep_speed * upm;',
    new: 'float sl2 = d->sleep_speed * d->sleep_speed;',
  },
  {
    id: 'world-pivot-relax',
    what: 'world: a pivoted capsule\'s contacts skip the relax pass',
    file: 'src/world/step.c',
    old: 'if (w->pivots) pivot_pass(w, body, pass, inv_h, push);',
    new: 'if (w->pivots && pass < 2) pivot_pass(w, body, pass, inv_h, push);',
  },
  {
    id: 'world-motor-clamp',
    what: 'world: a pivoted capsule\'s motor torque is clamped on one side only (unlimited toward lower speeds)',
    file: 'src/world/step.c',
    old: 'om = om + fmax2(0.0f - lim, fmin2(dw, lim));',
    new: 'om = om + fmin2(dw, lim);',
  },
  {
    id: 'world-wake-begin',
    what: 'world: a pair with a ball woken since the last step starts as not touching (a second begin event)',
    file: 'src/world/step.c',
    old: '                    continue;\n                c->jn = o->jn;',
    new: '                    { c->touching = 0u; continue; }\n                c->jn = o->jn;',
  },
  {
    id: 'world-remove-lower-slot',
    what: 'world: removing a ball forgets only the contacts where it is the higher slot (a ball added there inherits the rest)',
    file: 'src/world/world.c',
    old: '((c)->b == slot || ((c)->kind == 1 && (c)->a == slot))',
    new: '((c)->b == slot)',
  },
  {
    id: 'world-filter-big',
    what: 'world: ball_contact tests the category one way only (only the big balls\' pairs rely on it)',
    file: 'src/world/step.c',
    old: 'if (!((s->cat[a] & s->mask[b]) && (s->cat[b] & s->mask[a]))) return 0;',
    new: 'if (!(s->cat[a] & s->mask[b])) return 0;',
  },
  {
    id: 'world-snapshot-sensors',
    what: 'world: a snapshot drops the sensor overlaps (a second enter after restore, no leave)',
    file: 'src/world/snapshot.c',
    old: 'n[N_SENSORS] = w->sensor_prev_count;',
    new: 'n[N_SENSORS] = 0;',
  },

  // ---- the JS API: src/js ----------------------------------------------------
  {
    id: 'js-ray-miss-fills',
    what: 'rayCastSegment fills `result` on a miss',
    file: 'src/js/query.js',
    old: "if (!hit(wasm.capw_ray_cast_segment(ax, ay, bx, by, ox, oy, dx, dy, maxF), 'rayCastSegment')) return null;",
    new: "if (!hit(wasm.capw_ray_cast_segment(ax, ay, bx, by, ox, oy, dx, dy, maxF), 'rayCastSegment')) return readRayHit(result) && null;",
  },
  {
    id: 'js-set-stale',
    what: 'CapsuleSet.set() does not mark the static index stale',
    file: 'src/js/heap.js',
    old: 'store(this, i, take(arguments, 1));\n      touch(this);',
    new: 'store(this, i, take(arguments, 1));',
  },
  {
    id: 'js-negative-radius',
    what: 'collideCapsuleCircle accepts a negative capsuleRadius',
    file: 'src/js/query.js',
    old: "capsuleRadius = radius(capsuleRadius, 'capsuleRadius');\n  cx = f32(cx, 'cx');",
    new: "capsuleRadius = f32(capsuleRadius, 'capsuleRadius');\n  cx = f32(cx, 'cx');",
  },
  {
    id: 'js-check-infinity',
    what: 'argument check: only NaN is rejected, ±Infinity and float32 overflow pass',
    file: 'src/js/check.js',
    old: 'if (f - f !== 0) throw',
    new: 'if (Number.isNaN(f)) throw',
  },
  {
    id: 'js-ball-radius-zero',
    what: 'World.addBall accepts radius 0',
    file: 'src/js/world.js',
    old: "radius = num(radius, 'radius', { min: 0, minExclusive: true });",
    new: "radius = num(radius, 'radius', { min: 0 });",
    equivalent: 'the C side rejects radius 0 as well (a ball needs a finite positive mass): still a RangeError naming radius and its value, thrown before anything changes; only the wording differs',
  },
  {
    id: 'js-foreign-handle',
    what: 'World handles: the world tag is not checked, so another world\'s handle aliases a ball here',
    file: 'src/js/world.js',
    old: 'if (tag !== this.#tag) throw',
    new: 'if (false && tag !== this.#tag) throw',
  },
  {
    id: 'js-grow-boundary',
    what: 'grow-and-retry also repeats the query when the count exactly fills the buffer',
    file: 'src/js/batch.js',
    old: 'if (count <= out.capacity) return false;',
    new: 'if (count < out.capacity) return false;',
    equivalent: 'count == capacity: reserve(count) keeps the buffer as it is and the repeated query writes the same results; only time is lost',
  },
];
