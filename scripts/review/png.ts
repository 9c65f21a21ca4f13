// A tiny PNG reader for the review book: how many distinct colours a screenshot has (a blank
// page is one colour), and a part of a screenshot cut out as its own PNG. Reads 8-bit RGB / RGBA,
// non-interlaced: what Chromium writes.

import { deflateSync, inflateSync } from 'node:zlib';

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

interface Decoded {
  width: number;
  height: number;
  channels: number;
  colour: number;
  /** One unfiltered row after another (`width * channels` bytes each). */
  pixels: Uint8Array;
}

/** The pixels of an 8-bit RGB / RGBA, non-interlaced PNG (what Chromium writes). */
function decode(png: Buffer): Decoded {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  let colour = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      colour = body[9]!;
      if (depth !== 8 || (colour !== 2 && colour !== 6) || body[12] !== 0) {
        throw new Error(`unsupported PNG (depth ${depth}, colour type ${colour}, interlace ${body[12]})`);
      }
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1);
    const filter = raw[start]!;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const value = raw[start + 1 + x]!;
      const left = x >= channels ? pixels[row + x - channels]! : 0;
      const up = y > 0 ? pixels[row - stride + x]! : 0;
      const upLeft = x >= channels && y > 0 ? pixels[row - stride + x - channels]! : 0;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? (left + up) >> 1
                : paeth(left, up, upLeft);
      pixels[row + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, channels, colour, pixels };
}

/**
 * The number of distinct colours in `png` (counted up to `limit`).
 *
 * @example
 * distinctColours(readFileSync('shot.png')) > 1; // not blank
 */
export function distinctColours(png: Buffer, limit = 64): number {
  const { channels, pixels } = decode(png);
  const seen = new Set<number>();
  for (let i = 0; i < pixels.length; i += channels * 7) {
    seen.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
    if (seen.size >= limit) return seen.size;
  }
  return seen.size;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * The part `box` (pixels; cut to the picture) of `png`, as a PNG: one screenshot of the whole
 * page gives both the page and the part under review.
 *
 * @example
 * const part = cropPng(fullPage, { x: 98, y: 74, width: 704, height: 294 });
 */
export function cropPng(png: Buffer, box: { x: number; y: number; width: number; height: number }): Buffer {
  const { width, height, channels, colour, pixels } = decode(png);
  const x0 = Math.max(0, Math.min(width - 1, Math.round(box.x)));
  const y0 = Math.max(0, Math.min(height - 1, Math.round(box.y)));
  const w = Math.max(1, Math.min(width - x0, Math.round(box.width)));
  const h = Math.max(1, Math.min(height - y0, Math.round(box.height)));
  const stride = w * channels;
  const raw = Buffer.alloc((stride + 1) * h);
  for (let y = 0; y < h; y++) {
    const from = ((y0 + y) * width + x0) * channels;
    raw.set(pixels.subarray(from, from + stride), y * (stride + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = colour;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The width and height of `png`, from its header.
 *
 * @example
 * pngSize(readFileSync('shot.png')); // { width: 900, height: 900 }
 */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
