/**
 * A small Windows BMP decoder: libvips (behind sharp) cannot read BMP. Handles the formats real files
 * use: BI_RGB 1/4/8/16/24/32-bit, BI_RLE8/BI_RLE4, BI_BITFIELDS/BI_ALPHABITFIELDS 16/32-bit, OS/2
 * core headers, bottom-up and top-down rows. The pixel count is checked against the caller's limit
 * from the header alone, before anything is allocated, so a tiny file cannot claim a huge canvas.
 */

export interface DecodedBmp {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, top row first. */
  data: Buffer;
  /** From the header's pixels-per-metre, or 0 when absent. */
  dpi: number;
}

export class BmpError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'BmpError';
  }
}

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

export const isBmp = (bytes: Buffer): boolean =>
  bytes.length >= 26 && bytes.toString('latin1', 0, 2) === 'BM';

/** A channel mask → a function scaling that channel of a pixel value to 0..255. */
function channel(mask: number): (value: number) => number {
  if (mask === 0) return () => 255;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const max = mask >>> shift;
  return (value) => Math.round((((value & mask) >>> shift) * 255) / max);
}

export function decodeBmp(bytes: Buffer, maxPixels: number): DecodedBmp {
  if (!isBmp(bytes)) throw new BmpError('not a BMP file');
  const dataOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  const core = headerSize === 12;
  if (!core && (headerSize < 40 || 14 + headerSize > bytes.length)) throw new BmpError('unknown BMP header');
  const width = core ? bytes.readUInt16LE(18) : bytes.readInt32LE(18);
  const rawHeight = core ? bytes.readInt16LE(20) : bytes.readInt32LE(22);
  const bpp = bytes.readUInt16LE(core ? 24 : 28);
  const compression = core ? BI_RGB : bytes.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  const topDown = rawHeight < 0;
  if (width <= 0 || height <= 0) throw new BmpError('BMP without pixels');
  if (width * height > maxPixels) throw new BmpError('BMP too large', true);
  const ppm = core ? 0 : bytes.readInt32LE(38);
  const dpi = ppm > 0 ? Math.round(ppm * 0.0254) : 0;

  let masks: [number, number, number, number] = [0, 0, 0, 0];
  let paletteStart = 14 + headerSize;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    // Masks follow a 40-byte header, or sit inside a V2+ header: byte 54 either way; alpha from V3.
    const withAlpha = compression === BI_ALPHABITFIELDS || headerSize >= 56;
    if (70 > bytes.length) throw new BmpError('truncated BMP masks');
    masks = [
      bytes.readUInt32LE(54),
      bytes.readUInt32LE(58),
      bytes.readUInt32LE(62),
      withAlpha ? bytes.readUInt32LE(66) : 0,
    ];
    if (headerSize === 40) paletteStart += compression === BI_ALPHABITFIELDS ? 16 : 12;
  } else if (bpp === 16) masks = [0x7c00, 0x03e0, 0x001f, 0];
  else if (bpp === 32) masks = [0xff0000, 0xff00, 0xff, 0];

  const palette: number[][] = [];
  if (bpp <= 8) {
    const used = core ? 0 : bytes.readUInt32LE(46);
    const entries = Math.min(used || 1 << bpp, 256);
    const size = core ? 3 : 4;
    for (let i = 0; i < entries; i++) {
      const at = paletteStart + i * size;
      if (at + 3 > bytes.length) break;
      palette.push([bytes[at + 2] ?? 0, bytes[at + 1] ?? 0, bytes[at] ?? 0]);
    }
    if (palette.length === 0) throw new BmpError('BMP palette missing');
  }

  const out = Buffer.alloc(width * height * 4, 255);
  const put = (x: number, row: number, r: number, g: number, b: number, a = 255): void => {
    const y = topDown ? row : height - 1 - row;
    const i = (y * width + x) * 4;
    out[i] = r;
    out[i + 1] = g;
    out[i + 2] = b;
    out[i + 3] = a;
  };
  const putIndex = (x: number, row: number, index: number): void => {
    const [r, g, b] = palette[index] ?? palette[0] ?? [0, 0, 0];
    put(x, row, r ?? 0, g ?? 0, b ?? 0);
  };

  if (compression === BI_RLE8 || compression === BI_RLE4) {
    if (bpp !== (compression === BI_RLE8 ? 8 : 4))
      throw new BmpError('RLE compression with a wrong bit depth');
    decodeRle(bytes, dataOffset, width, height, compression === BI_RLE4, putIndex);
    return { width, height, data: out, dpi };
  }
  if (![BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS].includes(compression))
    throw new BmpError('unsupported BMP compression');
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw new BmpError('unsupported BMP bit depth');

  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (dataOffset + stride * height > bytes.length) throw new BmpError('truncated BMP pixels');
  const [r, g, b, a] = masks.map(channel) as [
    (v: number) => number,
    (v: number) => number,
    (v: number) => number,
    (v: number) => number,
  ];
  const hasAlpha = masks[3] !== 0;
  for (let row = 0; row < height; row++) {
    const start = dataOffset + row * stride;
    for (let x = 0; x < width; x++) {
      if (bpp <= 8) {
        const bit = x * bpp;
        const byte = bytes[start + (bit >> 3)] ?? 0;
        putIndex(x, row, (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1));
      } else if (bpp === 24) {
        const i = start + x * 3;
        put(x, row, bytes[i + 2] ?? 0, bytes[i + 1] ?? 0, bytes[i] ?? 0);
      } else {
        const value = bpp === 16 ? bytes.readUInt16LE(start + x * 2) : bytes.readUInt32LE(start + x * 4);
        put(x, row, r(value), g(value), b(value), hasAlpha ? a(value) : 255);
      }
    }
  }
  // Many writers store 32-bit BMPs with an alpha mask but all-zero alpha: that means opaque.
  if (hasAlpha && !out.some((value, i) => i % 4 === 3 && value !== 0))
    for (let i = 3; i < out.length; i += 4) out[i] = 255;
  return { width, height, data: out, dpi };
}

/** BI_RLE8 / BI_RLE4: runs and absolute blocks, with end-of-line, end-of-bitmap and delta escapes. */
function decodeRle(
  bytes: Buffer,
  offset: number,
  width: number,
  height: number,
  four: boolean,
  putIndex: (x: number, row: number, index: number) => void,
): void {
  let i = offset;
  let x = 0;
  let row = 0;
  const set = (index: number): void => {
    if (x < width && row < height) putIndex(x, row, index);
    x++;
  };
  while (i + 1 < bytes.length && row < height) {
    const count = bytes[i++] ?? 0;
    const value = bytes[i++] ?? 0;
    if (count > 0) {
      for (let n = 0; n < count; n++) set(four ? (n % 2 === 0 ? value >> 4 : value & 15) : value);
    } else if (value === 0) {
      x = 0;
      row++;
    } else if (value === 1) {
      return;
    } else if (value === 2) {
      x += bytes[i++] ?? 0;
      row += bytes[i++] ?? 0;
    } else {
      const length = four ? Math.ceil(value / 2) : value;
      for (let n = 0; n < value; n++) {
        const byte = bytes[i + (four ? n >> 1 : n)] ?? 0;
        set(four ? (n % 2 === 0 ? byte >> 4 : byte & 15) : byte);
      }
      i += length + (length % 2); // absolute runs are word aligned
    }
  }
}
