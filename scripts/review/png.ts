// A tiny PNG reader for the review book's check: how many distinct colours a screenshot has
// (a blank page is one colour). Reads 8-bit RGB / RGBA, non-interlaced: what Chromium writes.

import { inflateSync } from 'node:zlib';

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * The number of distinct colours in `png` (counted up to `limit`).
 *
 * @example
 * distinctColours(readFileSync('shot.png')) > 1; // not blank
 */
export function distinctColours(png: Buffer, limit = 64): number {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      const colour = body[9];
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
  const prev = new Uint8Array(stride);
  const row = new Uint8Array(stride);
  const seen = new Set<number>();
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1);
    const filter = raw[start]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[start + 1 + x]!;
      const left = x >= channels ? row[x - channels]! : 0;
      const up = prev[x]!;
      const upLeft = x >= channels ? prev[x - channels]! : 0;
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
      row[x] = (value + predicted) & 0xff;
    }
    for (let x = 0; x < stride; x += channels * 7) {
      seen.add((row[x]! << 16) | (row[x + 1]! << 8) | row[x + 2]!);
      if (seen.size >= limit) return seen.size;
    }
    prev.set(row);
  }
  return seen.size;
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
