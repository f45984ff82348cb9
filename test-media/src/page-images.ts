import sharp from 'sharp';

/**
 * Page images generated in code for tests and the ingest bench: the same `n` always gives the same
 * bytes. Two kinds, matching what uploaders send: clean line-art PNGs (digital releases) and
 * scan-like JPEGs (paper tint, grain, soft edges — the bulk of scanlation uploads).
 */
export interface PageImageOptions {
  /** Pixels; defaults 800 × 1200, a common scan size. */
  width?: number;
  height?: number;
  /** JPEG quality of a scan-like page (default 90, what scanners and editors usually save). */
  quality?: number;
  /** Embed EXIF (camera make and model, a GPS position) as a phone photo of a page would. */
  exif?: boolean;
  /** EXIF orientation (1–8): 6 means "rotate 90° clockwise to view", as phones save portrait shots. */
  orientation?: number;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32): fixtures must not vary between runs. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Panels, speech bubbles with lines of "text", hatched figures and a screentone patch, as SVG. */
export function lineArtSvg(n: number, width: number, height: number): string {
  const rnd = random(n * 7919 + 17);
  const between = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const margin = Math.round(width * 0.05);
  const parts: string[] = [];
  const rows = 2 + Math.floor(rnd() * 3);
  const rowHeight = (height - margin * 2) / rows;
  for (let r = 0; r < rows; r++) {
    const cols = 1 + Math.floor(rnd() * 2);
    const colWidth = (width - margin * 2) / cols;
    for (let c = 0; c < cols; c++) {
      const x = margin + c * colWidth + 6;
      const y = margin + r * rowHeight + 6;
      const w = colWidth - 12;
      const h = rowHeight - 12;
      parts.push(
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="#000" stroke-width="4"/>`,
      );
      if (rnd() < 0.5) {
        parts.push(
          `<rect x="${x + w * 0.55}" y="${y + h * 0.45}" width="${w * 0.4}" height="${h * 0.5}" fill="url(#tone)"/>`,
        );
      }
      // A figure: a few strokes with hatching.
      const fx = x + between(0.2, 0.6) * w;
      const fy = y + between(0.3, 0.6) * h;
      let d = `M ${fx} ${fy}`;
      for (let i = 0; i < 6; i++) {
        d += ` q ${between(-60, 60)} ${between(-60, 60)} ${between(-50, 50)} ${between(-40, 40)}`;
      }
      parts.push(`<path d="${d}" fill="none" stroke="#000" stroke-width="${between(1.5, 3.5)}"/>`);
      for (let i = 0; i < 14; i++) {
        const hx = fx + between(-40, 40);
        const hy = fy + between(-40, 40);
        parts.push(
          `<line x1="${hx}" y1="${hy}" x2="${hx + 18}" y2="${hy + 10}" stroke="#000" stroke-width="1"/>`,
        );
      }
      // A speech bubble holding lines of text-like dashes.
      const bw = between(0.3, 0.45) * w;
      const bh = between(0.2, 0.3) * h;
      const bx = x + between(0.05, 0.5) * w;
      const by = y + between(0.05, 0.2) * h;
      parts.push(
        `<ellipse cx="${bx + bw / 2}" cy="${by + bh / 2}" rx="${bw / 2}" ry="${bh / 2}" fill="#fff" stroke="#000" stroke-width="2.5"/>`,
      );
      for (let line = 0; line < 4; line++) {
        let tx = bx + bw * 0.22;
        const ty = by + bh * (0.25 + line * 0.15);
        while (tx < bx + bw * 0.75) {
          const word = between(6, 24);
          parts.push(`<rect x="${tx}" y="${ty}" width="${word}" height="7" fill="#111"/>`);
          tx += word + 5;
        }
      }
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><pattern id="tone" width="6" height="6" patternUnits="userSpaceOnUse">` +
    `<circle cx="3" cy="3" r="1.4" fill="#000"/></pattern></defs>` +
    `<rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`
  );
}

/** A clean line-art page as a PNG (greyscale-looking RGB, as drawing software exports). */
export async function makePagePng(n: number, options: PageImageOptions = {}): Promise<Buffer> {
  const width = options.width ?? 800;
  const height = options.height ?? 1200;
  return sharp(Buffer.from(lineArtSvg(n, width, height)))
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** A scan-like page as a JPEG: the line art on tinted paper with grain and slightly soft edges. */
export async function makePageJpeg(n: number, options: PageImageOptions = {}): Promise<Buffer> {
  const width = options.width ?? 800;
  const height = options.height ?? 1200;
  const { data } = await sharp(Buffer.from(lineArtSvg(n, width, height)))
    .blur(0.7)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rnd = random(n * 104729 + 3);
  const tint = [244, 238, 226];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0, p = 0; i < data.length; i += 3, p += 3) {
    const ink = (data[i] ?? 255) / 255;
    const grain = (rnd() + rnd() - 1) * 18;
    for (let c = 0; c < 3; c++) {
      const value = (tint[c] ?? 255) * ink + 18 * (1 - ink) + grain;
      pixels[p + c] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({
    quality: options.quality ?? 90,
  });
  if (options.exif) {
    image = image.withExif({
      IFD0: { Make: 'WarraqTestCam', Model: 'Fixture 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1' },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/** The same JPEG with its frame header (SOF) rewritten to claim other dimensions (at most 65535). */
export function jpegClaimingSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  let at = 2;
  while (at + 9 < out.length) {
    const marker = out[at + 1] ?? 0;
    const length = out.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      out.writeUInt16BE(height, at + 5);
      out.writeUInt16BE(width, at + 7);
      return out;
    }
    at += 2 + length;
  }
  throw new Error('no frame header found in the JPEG');
}

/** Numbered pages are 800 px wide; page n is 1100 + 10·n px tall, so its place shows in its shape. */
export const NUMBERED_PAGE_WIDTH = 800;
export function numberedPageHeight(n: number): number {
  return 1100 + 10 * n;
}

/**
 * A comic-like page drawn with its number (what a browser test reads back on screen): a clean PNG of
 * ~40 KB, or with `grain` a scan-like JPEG of a few hundred KB (enough bytes for progress to show).
 */
export async function numberedPage(
  n: number,
  { format = 'png', grain = false }: { format?: 'png' | 'jpeg'; grain?: boolean } = {},
): Promise<Buffer> {
  const width = NUMBERED_PAGE_WIDTH;
  const height = numberedPageHeight(n);
  const hue = (n * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,85%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,55%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)" opacity="${grain ? 0.7 : 1}"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="300" fill="white" opacity="0.7"/>
    <text x="${width / 2}" y="${height / 2 + 110}" font-size="320" font-family="sans-serif"
      font-weight="bold" text-anchor="middle" fill="#222">${n}</text>
  </svg>`;
  const image = grain
    ? sharp({
        create: {
          width,
          height,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      }).composite([{ input: Buffer.from(svg) }])
    : sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}
