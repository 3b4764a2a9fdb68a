/**
 * Grey or RGB samples as a 1-bit picture (1 = white, rows padded to whole bytes), the form PDF's
 * DeviceGray with BitsPerComponent 1 expects: text scans stay sharp and small.
 */
export function packBits(
  pixels: Uint8ClampedArray,
  width: number,
  height: number,
  stride: number,
  components: number,
): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const bits = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * stride + x * components;
      const luminance =
        components >= 3
          ? 0.299 * (pixels[at] ?? 0) + 0.587 * (pixels[at + 1] ?? 0) + 0.114 * (pixels[at + 2] ?? 0)
          : (pixels[at] ?? 0);
      if (luminance >= 160) {
        const byte = y * rowBytes + (x >> 3);
        bits[byte] = (bits[byte] ?? 0) | (0x80 >> (x & 7));
      }
    }
  }
  return bits;
}
