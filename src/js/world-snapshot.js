// capsule2d — reading a world snapshot's bytes and wording why one is refused.
import { describe } from './errors.js';
import { SNAPSHOT_FORMAT, LIBRARY_VERSION, SNAPSHOT_PROBLEMS, SNAPSHOT_HEADER } from './world-layout.js';

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
      return word(3) === undefined || u8.length < SNAPSHOT_HEADER
        ? `the snapshot is truncated: ${u8.length} bytes, shorter than its ${SNAPSHOT_HEADER}-byte header`
        : `the snapshot is truncated: ${u8.length} bytes, its header says ${word(3)}`;
    case 'too long': return `the snapshot has ${u8.length} bytes, its header says ${word(3)} (extra bytes at the end)`;
    case 'not a snapshot': return 'the bytes are not a capsule2d world snapshot (no "C2DW" magic at the start)';
    case 'format': return `the snapshot has format ${word(1)} (or other record sizes); this library reads format ${SNAPSHOT_FORMAT}`;
    case 'library version': return `the snapshot was saved by capsule2d ${versionText(word(2))}; this is ${versionText(LIBRARY_VERSION)}`;
    case 'checksum': return 'the snapshot\'s checksum does not match: the bytes were altered or damaged';
    case 'corrupt': return 'the snapshot\'s contents are inconsistent (its checksum matches: not written by World.save?)';
    default: return `the snapshot was refused (code ${why})`;
  }
}

