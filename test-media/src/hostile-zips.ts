import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { makePageJpeg, makePagePng } from './page-images.js';
import { buildZip, zipOfPages } from './zip-builder.js';

/** The first bytes of a JFIF JPEG: what a sniffer looks at. */
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

/**
 * The disk amplifier of the reliability issue: entries that start like JPEGs and inflate about 40×
 * (under the ratio cap), so unpacking everything before checking anything fills the disk. Each entry
 * is a JPEG head followed by random bytes repeated (deflate finds the repeats), `entryBytes` long.
 */
export function diskAmplifierZip(entries: number, entryBytes: number, firstPage?: Buffer): Buffer {
  // Each 32 KB (deflate's window) repeats its own 820 random bytes: about 40× smaller deflated.
  const filler = Buffer.alloc(entryBytes - JPEG_HEAD.length);
  for (let at = 0; at < filler.length; at += 32 * 1024) {
    const block = randomBytes(820);
    const end = Math.min(filler.length, at + 32 * 1024);
    for (let i = at; i < end; i += block.length) block.copy(filler, i, 0, Math.min(block.length, end - i));
  }
  const junk = Buffer.concat([JPEG_HEAD, filler]);
  const pages = Array.from({ length: entries }, (_, i) => ({ name: `${i + 2}.jpg`, data: junk }));
  return buildZip([...(firstPage ? [{ name: '1.jpg', data: firstPage }] : []), ...pages]);
}

/**
 * The strip bomb: `count` tall line-art PNG strips (1000 × 50,000 in the issue), a small zip. The
 * strip is drawn in tiles (SVG rendering stops at 32,767 px) stacked as raw pixels, then PNG-encoded.
 */
export async function stripBombZip(count: number, size = { width: 1000, height: 50_000 }): Promise<Buffer> {
  const tileHeight = Math.min(size.height, 5000);
  const tiles: Buffer[] = [];
  for (let top = 0, n = 1; top < size.height; top += tileHeight, n++) {
    const height = Math.min(tileHeight, size.height - top);
    const tile = await makePagePng(n, { width: size.width, height });
    tiles.push(await sharp(tile).removeAlpha().raw().toBuffer());
  }
  const strip = await sharp(Buffer.concat(tiles), {
    raw: { width: size.width, height: size.height, channels: 3 },
  })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return zipOfPages(Array.from({ length: count }, (_, i) => ({ name: `strip-${i + 1}.png`, data: strip })));
}

/** Five good pages and a truncated sixth: processing stores pages, then refuses the upload. */
export async function partialFailureZip(size = { width: 800, height: 1200 }): Promise<Buffer> {
  const pages = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => makePageJpeg(n, size)));
  const broken = pages[5]!.subarray(0, Math.floor(pages[5]!.length / 2));
  return zipOfPages([
    ...pages.slice(0, 5).map((data, i) => ({ name: `${i + 1}.jpg`, data })),
    { name: '6.jpg', data: broken },
  ]);
}
