/** Container formats recognized by their first bytes: an archive inside the archive is refused. */
const SIGNATURES: { offset: number; bytes: number[] }[] = [
  { offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04] }, // zip, cbz, docx…
  { offset: 0, bytes: [0x50, 0x4b, 0x05, 0x06] }, // empty zip
  { offset: 0, bytes: [0x50, 0x4b, 0x07, 0x08] }, // spanned zip
  { offset: 0, bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07] }, // rar, cbr
  { offset: 0, bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] }, // 7z
  { offset: 0, bytes: [0x1f, 0x8b] }, // gzip
  { offset: 0, bytes: [0x42, 0x5a, 0x68] }, // bzip2
  { offset: 0, bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] }, // xz
  { offset: 257, bytes: [0x75, 0x73, 0x74, 0x61, 0x72] }, // tar ("ustar")
];

/** Bytes needed to recognize every format above. */
export const ARCHIVE_SNIFF_BYTES = 262;

export function looksLikeArchive(head: Buffer): boolean {
  return SIGNATURES.some(
    ({ offset, bytes }) =>
      head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte),
  );
}

/** A zip starts with a local file header, or is empty and starts with its end record. */
export function looksLikeZip(head: Buffer): boolean {
  return (
    head.length >= 4 &&
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    ((head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06))
  );
}
