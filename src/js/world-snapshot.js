// capsule2d — a world's snapshots: World's save() and restore() (copied onto
// World.prototype by world.js), reading a snapshot's bytes and wording why
// one is refused (the header's words: cap_snapshot_header_word).
import * as rt from './runtime.js';
import { BAD_VALUE, describe, statusError } from './errors.js';
import {
  SNAPSHOT_FORMAT, LIBRARY_VERSION, SNAPSHOT_PROBLEMS, SNAPSHOT_HEADER, SNAPSHOT_HEADER_WORD as H, WORLD_ERROR, PARAMS_COUNT,
} from './world-layout.js';

/**
 * The snapshot's bytes as a plain Uint8Array of our own (a copy), read
 * before anything touches the heap: a subclass's getters (length, buffer)
 * are never called, a Proxy's traps run here or not at all, and bytes that
 * are a view of wasm memory cannot move under the copy into it.
 */
export function snapshotBytes(bytes) {
  if (bytes instanceof Uint8Array) return new Uint8Array(bytes);
  if (bytes instanceof ArrayBuffer) return new Uint8Array(new Uint8Array(bytes));
  throw new TypeError(`bytes must be a Uint8Array or an ArrayBuffer (from World.save()), got ${describe(bytes)}`);
}

export const versionText = (v) => `${v >>> 16}.${(v >>> 8) & 255}.${v & 255}`;

/** The message for a refused snapshot (cap_snapshot_error), with what the header says. */
export function snapshotProblem(why, u8) {
  const word = (i) => (u8.length >= 4 * i + 4 ? new DataView(u8.buffer, u8.byteOffset + 4 * i, 4).getUint32(0, true) : undefined);
  switch (SNAPSHOT_PROBLEMS[why]) {
    case 'truncated':
      return word(H.bytes) === undefined || u8.length < SNAPSHOT_HEADER
        ? `the snapshot is truncated: ${u8.length} bytes, shorter than its ${SNAPSHOT_HEADER}-byte header`
        : `the snapshot is truncated: ${u8.length} bytes, its header says ${word(H.bytes)}`;
    case 'too long': return `the snapshot has ${u8.length} bytes, its header says ${word(H.bytes)} (extra bytes at the end)`;
    case 'not a snapshot': return 'the bytes are not a capsule2d world snapshot (no "C2DW" magic at the start)';
    case 'format': return `the snapshot has format ${word(H.format)} (or other record sizes); this library reads format ${SNAPSHOT_FORMAT}`;
    case 'library version': return `the snapshot was saved by capsule2d ${versionText(word(H.libraryVersion))}; this is ${versionText(LIBRARY_VERSION)}`;
    case 'checksum': return 'the snapshot\'s checksum does not match: the bytes were altered or damaged';
    case 'corrupt': return 'the snapshot\'s contents are inconsistent (its checksum matches: not written by World.save?)';
    default: return `the snapshot was refused (code ${why})`;
  }
}

/** The snapshot methods of World (copied onto World.prototype by world.js; World gives _restored()). */
export class WorldSnapshots {
  /**
   * The whole world as bytes (a copy): settings, balls, statics, and what the
   * next step carries over (warm-start impulses, touching flags, sleep timers,
   * sensor overlaps, queued end events), joints and capsule bodies. restore() or World.fromSnapshot()
   * then steps to the same bits as this world would. May allocate.
   */
  save() {
    const p = this._p();
    const addr = rt.wasm.capw_world_save(p);
    if (addr === 0) throw new RangeError('save: out of memory (nothing changed)');
    const n = rt.heapU32[(rt.wasm.capw_world_params(p) >>> 2) + PARAMS_COUNT];
    return new Uint8Array(rt.wasm.memory.buffer, addr, n).slice();
  }

  /**
   * Replaces this world's whole state (settings included) by a snapshot from
   * save(): this world's handles saved in it stay valid (same slots and
   * generations); ball views must be re-read (their arrays move). The last
   * step's events are not in a snapshot: they read empty until the next step.
   * A damaged, truncated or foreign snapshot is a RangeError naming the
   * problem, and the world is unchanged; bytes not a Uint8Array or
   * ArrayBuffer are a TypeError.
   */
  restore(bytes) {
    this._p();
    const u8 = snapshotBytes(bytes); // may run user code (a Proxy's traps): before the heap is touched
    const p = this._p();
    const room = rt.wasm.capw_world_snapshot_room(p, u8.length);
    if (room === 0) throw new RangeError('restore: out of memory (world unchanged)');
    new Uint8Array(rt.wasm.memory.buffer, room, u8.length).set(u8);
    const rc = rt.wasm.capw_world_restore(p, u8.length);
    if (rc === BAD_VALUE) {
      const e = rt.wasm.capw_world_error(p) >>> 2;
      const why = rt.heapI32[e + WORLD_ERROR.field], slot = rt.heapI32[e + WORLD_ERROR.slot], what = rt.heapU32[e + WORLD_ERROR.what];
      let problem = snapshotProblem(why, u8);
      if (SNAPSHOT_PROBLEMS[why] === 'corrupt' && what !== 0) {
        // cap_world_error.what: the refused value's name (a C string), slot its record.
        const mem = new Uint8Array(rt.wasm.memory.buffer), name = new TextDecoder().decode(mem.subarray(what, mem.indexOf(0, what)));
        problem = `the snapshot's ${name}${slot >= 0 ? `[${slot}]` : ''} is out of range or inconsistent (its checksum matches: not written by World.save?)`;
      }
      throw new RangeError(`restore: ${problem} (world unchanged)`);
    }
    if (rc < 0) throw statusError(rc, 'restore');
    // The ball, capsule body and event arrays were replaced (the old ones are
    // freed memory the allocator hands out again): views kept in variables
    // are detached, as after addBall beyond ballCapacity and destroy().
    this._restored();
  }
}
