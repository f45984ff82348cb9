import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A small ZIP writer for tests: honest archives, and every lie a hostile one can tell. Written by
 * hand (local headers, central directory, end record) so that names, flags, attributes, sizes and
 * offsets can be anything a test needs; no binary fixtures.
 *
 *   buildZip([{ name: '2.jpg', data }, { name: '10.jpg', data }])            an ordinary archive
 *   buildZip([{ name: '../evil.jpg', data }])                                a path outside
 *   buildZip([{ name: 'link.jpg', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 }])
 *   buildZip([{ name: 'p.jpg', data, encrypted: true }])                     flag only
 *   buildZip([{ name: 'p.jpg', data: big, declaredSize: 100 }])              lies about its size
 *   buildZip([{ name: '1.jpg', data }, { name: '2.jpg', sameDataAs: 0 }])    overlapping entries
 */
export interface ZipEntrySpec {
  /** Stored as UTF-8 (flag bit 11 set); a Buffer is stored as raw bytes with the flag cleared. */
  name: string | Buffer;
  /** The entry's bytes (empty by default; directories end their name with '/'). */
  data?: Buffer;
  /** 'deflate' (default), 'store', or any other method number (the data is then stored as is). */
  method?: 'deflate' | 'store' | number;
  /** A Unix mode for the high half of the external attributes (0o100644 file, 0o120777 symlink). */
  unixMode?: number;
  /** Sets the "traditional encryption" flag; the data itself is left readable. */
  encrypted?: boolean;
  /** More general-purpose flag bits (0x40: strong encryption). */
  flags?: number;
  /** Written in both headers instead of the true uncompressed size. */
  declaredSize?: number;
  /** Written in both headers instead of the true compressed size. */
  declaredCompressedSize?: number;
  /** Written in both headers instead of the true CRC-32. */
  crc32?: number;
  /** No data of its own: the central record points at the local header of entry `sameDataAs`. */
  sameDataAs?: number;
}

export interface ZipOptions {
  comment?: string;
}

const METHOD_STORE = 0;
const METHOD_DEFLATE = 8;
const FLAG_UTF8 = 0x800;
const VERSION = 20;
const HOST_UNIX = 3;
// 2024-01-01 00:00, DOS format: fixed, so the same entries always make the same bytes.
const DOS_TIME = 0;
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;

interface Written {
  offset: number;
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
}

export function buildZip(entries: ZipEntrySpec[], options: ZipOptions = {}): Buffer {
  const chunks: Buffer[] = [];
  let offset = 0;
  const written: Written[] = [];
  const records: Buffer[] = [];
  for (const spec of entries) {
    const name = typeof spec.name === 'string' ? Buffer.from(spec.name, 'utf8') : spec.name;
    let flags = (typeof spec.name === 'string' ? FLAG_UTF8 : 0) | (spec.flags ?? 0);
    if (spec.encrypted) flags |= 0x1;
    let entry: Written;
    if (spec.sameDataAs !== undefined) {
      const target = written[spec.sameDataAs];
      if (!target) throw new Error(`sameDataAs ${spec.sameDataAs} names no earlier entry`);
      entry = { ...target, name, flags };
    } else {
      const data = spec.data ?? Buffer.alloc(0);
      const method =
        spec.method === undefined || spec.method === 'deflate'
          ? METHOD_DEFLATE
          : spec.method === 'store'
            ? METHOD_STORE
            : spec.method;
      const body = method === METHOD_DEFLATE ? deflateRawSync(data) : data;
      entry = {
        offset,
        name,
        flags,
        method,
        crc: spec.crc32 ?? crc32(data),
        compressedSize: spec.declaredCompressedSize ?? body.length,
        size: spec.declaredSize ?? data.length,
      };
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(VERSION, 4);
      local.writeUInt16LE(entry.flags, 6);
      local.writeUInt16LE(entry.method, 8);
      local.writeUInt16LE(DOS_TIME, 10);
      local.writeUInt16LE(DOS_DATE, 12);
      local.writeUInt32LE(entry.crc >>> 0, 14);
      local.writeUInt32LE(entry.compressedSize >>> 0, 18);
      local.writeUInt32LE(entry.size >>> 0, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      chunks.push(local, name, body);
      offset += local.length + name.length + body.length;
    }
    written.push(entry);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(((spec.unixMode !== undefined ? HOST_UNIX : 0) << 8) | VERSION, 4);
    record.writeUInt16LE(VERSION, 6);
    record.writeUInt16LE(entry.flags, 8);
    record.writeUInt16LE(entry.method, 10);
    record.writeUInt16LE(DOS_TIME, 12);
    record.writeUInt16LE(DOS_DATE, 14);
    record.writeUInt32LE(entry.crc >>> 0, 16);
    record.writeUInt32LE(entry.compressedSize >>> 0, 20);
    record.writeUInt32LE(entry.size >>> 0, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt16LE(0, 30);
    record.writeUInt16LE(0, 32);
    record.writeUInt16LE(0, 34);
    record.writeUInt16LE(0, 36);
    record.writeUInt32LE(spec.unixMode !== undefined ? (spec.unixMode << 16) >>> 0 : 0, 38);
    record.writeUInt32LE(entry.offset, 42);
    records.push(record, name);
  }
  const directory = Buffer.concat(records);
  const comment = Buffer.from(options.comment ?? '', 'utf8');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...chunks, directory, end, comment]);
}

/** An ordinary archive of pages, deflated, as any archiver would make it. */
export function zipOfPages(pages: { name: string; data: Buffer }[]): Buffer {
  return buildZip(pages.map(({ name, data }) => ({ name, data })));
}
