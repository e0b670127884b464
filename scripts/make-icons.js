#!/usr/bin/env node
/**
 * Draws the add-in's icons (a white anchor over a river wave on a navy tile) and writes them as
 * PNG files under assets/: icon-16, -32 and -80 for the ribbon, icon-32 and -64 for the add-in's
 * icon and high-resolution icon in the manifest.
 *
 *   node scripts/make-icons.js          write assets/icon-<size>.png
 *   node scripts/make-icons.js --check  exit 1 if a committed icon's pixels differ from what this draws
 *
 * Shapes are described in a unit square and sampled 4 × 4 times per pixel for smooth edges.
 * PNG encoding uses only Node's zlib: RGBA, 8 bits per channel, no interlacing.
 */
"use strict";
const { Buffer } = require("buffer");
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const SIZES = [16, 32, 64, 80];
const NAVY = [0x1b, 0x3a, 0x5c];
const WHITE = [0xff, 0xff, 0xff];
const SUBSAMPLES = 4;

function insideRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function insideTriangle(x, y, [ax, ay], [bx, by], [cx, cy]) {
  const d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by);
  const d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy);
  const d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay);
  const negative = d1 < 0 || d2 < 0 || d3 < 0;
  const positive = d1 > 0 || d2 > 0 || d3 > 0;
  return !(negative && positive);
}

/**
 * The anchor and, when there is room for it, the wave. `weight` thickens strokes so that small
 * icons stay legible.
 */
function insideMotif(x, y, weight, withWave) {
  const w = (width) => width * weight;
  const ringCentre = [0.5, 0.19];
  const ring = Math.hypot(x - ringCentre[0], y - ringCentre[1]);
  if (ring <= 0.075 + w(0.02) && ring >= 0.075 - w(0.02)) return true; // ring
  if (Math.abs(x - 0.5) <= w(0.035) && y >= 0.26 && y <= 0.78) return true; // shank
  if (Math.abs(y - 0.34) <= w(0.03) && Math.abs(x - 0.5) <= 0.17) return true; // stock
  const armsCentre = [0.5, 0.47];
  const arm = Math.hypot(x - armsCentre[0], y - armsCentre[1]);
  if (y >= 0.56 && arm <= 0.29 + w(0.03) && arm >= 0.29 - w(0.03)) return true; // arms
  if (insideTriangle(x, y, [0.15, 0.48], [0.17, 0.62], [0.29, 0.55])) return true; // left fluke
  if (insideTriangle(x, y, [0.85, 0.48], [0.83, 0.62], [0.71, 0.55])) return true; // right fluke
  if (!withWave) return false;
  const wave = 0.88 + 0.025 * Math.sin((x - 0.1) * 4 * Math.PI);
  if (x >= 0.12 && x <= 0.88 && Math.abs(y - wave) <= w(0.022)) return true; // the river
  return false;
}

/** RGBA pixels, row by row, for a square icon of `size` pixels. */
function renderIconPixels(size) {
  const weight = size <= 16 ? 1.45 : size <= 32 ? 1.15 : 1;
  const pixels = Buffer.alloc(size * size * 4);
  const samples = SUBSAMPLES * SUBSAMPLES;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      let tile = 0;
      let motif = 0;
      for (let sy = 0; sy < SUBSAMPLES; sy++) {
        for (let sx = 0; sx < SUBSAMPLES; sx++) {
          const x = (col + (sx + 0.5) / SUBSAMPLES) / size;
          const y = (row + (sy + 0.5) / SUBSAMPLES) / size;
          if (!insideRoundedSquare(x, y, 0.18)) continue;
          tile++;
          if (insideMotif(x, y, weight, size > 16)) motif++;
        }
      }
      const offset = (row * size + col) * 4;
      const alpha = tile / samples;
      const share = tile === 0 ? 0 : motif / tile;
      for (let channel = 0; channel < 3; channel++) {
        pixels[offset + channel] = Math.round(NAVY[channel] * (1 - share) + WHITE[channel] * share);
      }
      pixels[offset + 3] = Math.round(alpha * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A PNG file holding `pixels` (RGBA rows) of a width × height image. */
function encodePng(width, height, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type: RGBA
  header[10] = 0; // deflate
  header[11] = 0; // filter method 0
  header[12] = 0; // no interlace
  const stride = width * 4;
  const scanlines = Buffer.alloc((stride + 1) * height);
  for (let row = 0; row < height; row++) {
    scanlines[row * (stride + 1)] = 0; // filter type: none
    pixels.copy(scanlines, row * (stride + 1) + 1, row * stride, (row + 1) * stride);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(scanlines, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Width, height and RGBA pixels of a PNG written by encodePng (8-bit RGBA, not interlaced; only
 * filter type 0 is expected). Throws for anything else.
 */
function decodePng(png) {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!png.subarray(0, 8).equals(signature)) throw new Error("not a PNG file");
  let offset = 8;
  let width = 0;
  let height = 0;
  const data = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("ascii", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (crc32(png.subarray(offset + 4, offset + 8 + length)) !== png.readUInt32BE(offset + 8 + length)) {
      throw new Error(`bad CRC in the ${type} chunk`);
    }
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 6 || body[12] !== 0) throw new Error("expected 8-bit RGBA without interlacing");
    } else if (type === "IDAT") {
      data.push(body);
    }
    offset += 12 + length;
  }
  const scanlines = zlib.inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let row = 0; row < height; row++) {
    if (scanlines[row * (stride + 1)] !== 0) throw new Error("expected filter type 0 on every row");
    scanlines.copy(pixels, row * stride, row * (stride + 1) + 1, (row + 1) * (stride + 1));
  }
  return { width, height, pixels };
}

function iconPath(size) {
  return path.join(__dirname, "..", "assets", `icon-${size}.png`);
}

function main(argv) {
  const check = argv.includes("--check");
  let stale = 0;
  for (const size of SIZES) {
    const pixels = renderIconPixels(size);
    const file = iconPath(size);
    if (check) {
      // Compare pixels, not bytes: another zlib may compress the same image differently.
      let same;
      try {
        const current = decodePng(fs.readFileSync(file));
        same = current.width === size && current.height === size && current.pixels.equals(pixels);
      } catch {
        same = false;
      }
      if (!same) {
        console.error(`${path.relative(process.cwd(), file)} differs from what scripts/make-icons.js draws`);
        stale++;
      }
    } else {
      const png = encodePng(size, size, pixels);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, png);
      console.log(`wrote ${path.relative(process.cwd(), file)} (${size} × ${size}, ${png.length} bytes)`);
    }
  }
  return stale === 0 ? 0 : 1;
}

module.exports = { SIZES, renderIconPixels, encodePng, decodePng, iconPath };

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
