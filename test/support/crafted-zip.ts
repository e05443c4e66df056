import zlib from 'node:zlib';

/**
 * Zip archives written byte by byte, for the tests of the corpus update's limits: entries compressed with
 * the native DEFLATE (hundreds of megabytes of zeros in a few kilobytes, quickly), nested zips, and
 * declared sizes that lie. For tests only.
 */

export interface CraftedEntry {
  name: string;
  /** The entry's content (compressed here with DEFLATE). */
  data: Uint8Array;
  /** The uncompressed size written in the headers (default: the true one). */
  declaredSize?: number;
}

/** A zip of `entries` (local headers, data, central directory), each compressed with DEFLATE. */
export function craftZip(entries: readonly CraftedEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const compressed = zlib.deflateRawSync(e.data, { level: 9 });
    const crc = zlib.crc32(e.data);
    const size = e.declaredSize ?? e.data.byteLength;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // DEFLATE
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(compressed.byteLength, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.byteLength, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, compressed);
    central.push(dir, name);
    offset += local.byteLength + name.byteLength + compressed.byteLength;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dirBytes, end]);
}

/** `n` bytes of zeros (allocated lazily by the system: cheap until written). */
export const zeros = (n: number): Uint8Array => new Uint8Array(n);
