import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { answerTo, answerToRejection } from '../../testing/error-answers';
import { listedImages } from '../../testing/pdf-tools';
import { bmpFile, convert, embeddedImage, IMAGES, saveBmp, useImagesWorkDir } from './images.testing';

const workDir = useImagesWorkDir();

describe('images/to/pdf with BMP (decoded by the server: libvips cannot read BMP)', () => {
  it("keeps a 24-bit BMP lossless: every embedded pixel equals the file's own BGR bytes", async () => {
    const source = join(IMAGES, 'python.bmp');
    const pdf = await convert([source]);
    const rendered = await sharp(await embeddedImage(pdf, 'python'))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([rendered.info.width, rendered.info.height]).toEqual([211, 71]);
    // Read the BMP by its format, independently of the server's decoder: 54-byte headers,
    // bottom-up rows of BGR triplets padded to 4 bytes.
    const bmp = await readFile(source);
    const offset = bmp.readUInt32LE(10);
    const stride = Math.ceil((211 * 3) / 4) * 4;
    let mismatches = 0;
    for (let y = 0; y < 71; y++)
      for (let x = 0; x < 211; x++) {
        const at = offset + (70 - y) * stride + x * 3;
        const i = (y * 211 + x) * 3;
        if (
          rendered.data[i] !== bmp[at + 2] ||
          rendered.data[i + 1] !== bmp[at + 1] ||
          rendered.data[i + 2] !== bmp[at]
        )
          mismatches++;
      }
    expect(mismatches).toBe(0);
  });

  it('refuses a BMP whose header claims a huge canvas, without allocating it', async () => {
    const header = Buffer.from((await readFile(join(IMAGES, 'python.bmp'))).subarray(0, 54));
    header.writeInt32LE(50_000, 18);
    header.writeInt32LE(50_000, 22);
    const bomb = join(workDir(), 'bomb.bmp');
    await writeFile(bomb, header);
    await expect(answerToRejection(convert([bomb]))).resolves.toMatchObject({ status: 413, code: 4130 });
  });

  it('a truncated or garbled BMP is a clear 422, whatever the cut', async () => {
    const whole = await readFile(join(IMAGES, 'python.bmp'));
    for (const [name, bytes] of [
      ['half.bmp', whole.subarray(0, whole.length / 2)],
      ['header-only.bmp', whole.subarray(0, 30)],
      [
        'rle-garbage.bmp',
        Buffer.concat([whole.subarray(0, 30), Buffer.from([1, 0, 0, 0]), whole.subarray(34)]),
      ],
    ] as const) {
      const garbled = await saveBmp(name, Buffer.from(bytes));
      const error = await convert([garbled]).catch((e: unknown) => e);
      expect(answerTo(error), name).toMatchObject({ status: 422, code: 5002 });
    }
  });

  it('decodes palette, top-down and 32-bit bitfield BMPs', async () => {
    // 2 x 2, 1-bit palette (black, red), bottom-up: bottom row "red black", top row "black red".
    const oneBit = bmpFile(2, 2, 1, 0, [0, 0, 0, 0, 0, 0, 255, 0], [0x80, 0, 0, 0, 0x40, 0, 0, 0]);
    // 2 x 1, 32-bit BI_BITFIELDS, top-down (negative height): blue then green.
    const masks = [0xff0000, 0xff00, 0xff];
    const thirtyTwo = bmpFile(2, -1, 32, 3, [], [0xff, 0, 0, 0, 0, 0xff, 0, 0], masks);
    const pdf = await convert([await saveBmp('one-bit.bmp', oneBit), await saveBmp('bits.bmp', thirtyTwo)]);
    expect((await listedImages(pdf)).map((image) => [image.width, image.height])).toEqual([
      [2, 2],
      [2, 1],
    ]);
    const first = await sharp(await embeddedImage(pdf, 'small', 1))
      .removeAlpha()
      .raw()
      .toBuffer();
    const second = await sharp(await embeddedImage(pdf, 'small', 2))
      .removeAlpha()
      .raw()
      .toBuffer();
    expect([...first]).toEqual([0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 0]);
    expect([...second]).toEqual([0, 0, 255, 0, 255, 0]);
  });
});
