import { execFileSync } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parameterProblems } from '../../testing/convert-as-sent';
import { answerTo, answerToRejection } from '../../testing/error-answers';
import { listedImages } from '../../testing/pdf-tools';
import { convert, IMAGES, pageSizes, useImagesWorkDir, visibleBox } from './images.testing';
import { imagesToPdfConverter } from './index';

const workDir = useImagesWorkDir();

describe('images/to/pdf', () => {
  it.each([
    ['hopper.webp', 1],
    ['pil123rgba.png', 1],
    ['sonic.gif', 1],
    ['python.bmp', 1],
    ['multipage.tiff', 3],
    ['phototest.tif', 1],
    ['bitmap_vs_svg.svg', 1],
    ['pil_sample_cmyk.jpg', 1],
    ['300-dpi.jpg', 1],
  ])('converts %s to %i page(s)', async (name, pages) => {
    const pdf = await convert([join(IMAGES, name)]);
    expect(Number(execFileSync('qpdf', ['--show-npages', pdf]).toString())).toBe(pages);
    expect((await listedImages(pdf)).length).toBeGreaterThanOrEqual(pages);
  });

  it('keeps a 1-bit TIFF 1-bit (Flate), pixel for pixel, and small', async () => {
    for (const name of ['phototest.tif', 'eurotext.tif']) {
      const source = join(IMAGES, name);
      const pdf = await convert([source]);
      const [image] = await listedImages(pdf);
      const meta = await sharp(source).metadata();
      expect([image?.width, image?.height, image?.color, image?.components, image?.bitsPerComponent]).toEqual(
        [meta.width, meta.height, 'gray', 1, 1],
      );
      expect((await stat(pdf)).size).toBeLessThan((meta.width ?? 0) * (meta.height ?? 0) * 0.05);
      // the stored image has the TIFF's pixels (pdfimages extracts it as it is stored)
      const dir = join(workDir(), `extract-${name}`);
      await mkdir(dir, { recursive: true });
      execFileSync('pdfimages', ['-png', pdf, join(dir, 'img')]);
      const stored = await sharp(join(dir, 'img-000.png'))
        .toColourspace('b-w')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const original = await sharp(source).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
      expect([stored.info.width, stored.info.height]).toEqual([original.info.width, original.info.height]);
      let differing = 0;
      for (let i = 0; i < original.data.length; i++)
        if ((stored.data[i] ?? 0) >= 128 !== (original.data[i] ?? 0) >= 128) differing++;
      expect(differing).toBe(0);
    }
  });

  it('makes a page of every frame of an animated GIF with Frames=all, the first frame by default', async () => {
    const source = join(IMAGES, 'sonic.gif');
    const frames = (await sharp(source).metadata()).pages ?? 1;
    expect(frames).toBeGreaterThan(1);
    const pages = (pdf: string) => Number(execFileSync('qpdf', ['--show-npages', pdf]).toString());
    expect(pages(await convert([source]))).toBe(1);
    expect(pages(await convert([source], { Frames: 'all' }))).toBe(frames);
    expect(pages(await convert([source], { Frames: 'default' }))).toBe(1);
    expect(parameterProblems(imagesToPdfConverter, { Frames: 'some' })).toHaveProperty('Frames');
  });

  it('embeds a JPEG as is: DCT, identical bytes, page at its 300 dpi size', async () => {
    const source = join(IMAGES, '300-dpi.jpg');
    const pdf = await convert([source]);
    expect((await listedImages(pdf))[0]?.encoding).toBe('jpeg');
    const dir = join(workDir(), 'extract');
    await mkdir(dir, { recursive: true });
    execFileSync('pdfimages', ['-all', pdf, join(dir, 'img')]);
    expect(Buffer.compare(await readFile(join(dir, 'img-000.jpg')), await readFile(source))).toBe(0);
    const meta = await sharp(source).metadata();
    const [[w, h] = [0, 0]] = pageSizes(pdf);
    expect(w).toBeCloseTo(((meta.width ?? 0) * 72) / 300, 1);
    expect(h).toBeCloseTo(((meta.height ?? 0) * 72) / 300, 1);
  });

  it('honours EXIF orientation 6: the page is upright (taller than wide) and the JPEG is untouched', async () => {
    const source = join(IMAGES, 'hopper_orientation_6.jpg');
    const meta = await sharp(source).metadata();
    const pdf = await convert([source]);
    const [[w, h] = [0, 0]] = pageSizes(pdf);
    expect([Math.round(w), Math.round(h)]).toEqual([meta.height, meta.width]);
    expect((await listedImages(pdf))[0]?.encoding).toBe('jpeg');
    // Rendered, the page equals the image rotated by sharp per its EXIF tag.
    const rendered = await sharp(execFileSync('pdftoppm', ['-r', '72', '-png', pdf]))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const upright = await sharp(source).rotate().raw().toBuffer({ resolveWithObject: true });
    expect([rendered.info.width, rendered.info.height]).toEqual([upright.info.width, upright.info.height]);
    let diff = 0;
    for (let i = 0; i < upright.data.length; i++)
      diff += Math.abs((rendered.data[i] ?? 0) - (upright.data[i] ?? 0));
    expect(diff / upright.data.length).toBeLessThan(12);
  });

  it('keeps Files[i] order, one page each', async () => {
    const pdf = await convert([join(IMAGES, 'python.bmp'), join(IMAGES, 'sonic.gif')]);
    const sizes = pageSizes(pdf);
    expect(sizes.map(([w, h]) => [Math.round(w), Math.round(h)])).toEqual([
      [211, 71],
      [290, 360],
    ]);
  });

  it.each([
    ['a4', 'portrait', 595.28, 841.89],
    ['a4', 'landscape', 841.89, 595.28],
    ['a3', 'default', 841.89, 1190.55],
    ['a5', 'portrait', 419.53, 595.28],
    ['letter', 'portrait', 612, 792],
    ['legal', 'landscape', 1008, 612],
  ])(
    'PageSize %s %s gives a %f x %f page with the image fitted inside the margins',
    async (size, orientation, pw, ph) => {
      const pdf = await convert([join(IMAGES, 'sonic.gif')], {
        PageSize: size,
        PageOrientation: orientation,
        MarginHorizontal: '20',
        MarginVertical: '30',
      });
      const [[w, h] = [0, 0]] = pageSizes(pdf);
      expect(w).toBeCloseTo(pw, 0);
      expect(h).toBeCloseTo(ph, 0);
      // sonic.gif (290 x 360 pt at 72 dpi) has blank columns of its own, so locate its visible
      // content in the source first, then find that content on the rendered page.
      const inSource = await visibleBox(await sharp(join(IMAGES, 'sonic.gif')).png().toBuffer());
      const onPage = await visibleBox(execFileSync('pdftoppm', ['-r', '72', '-png', pdf]));
      const mx = (20 * 72) / 25.4;
      const my = (30 * 72) / 25.4;
      const scale = Math.min(1, (pw - 2 * mx) / 290, (ph - 2 * my) / 360);
      // Where the image's own box landed: centred on the page …
      const imageLeft = onPage.left - inSource.left * scale;
      const imageTop = onPage.top - inSource.top * scale;
      expect(Math.abs(imageLeft - (pw - 290 * scale) / 2)).toBeLessThanOrEqual(1.5);
      expect(Math.abs(imageTop - (ph - 360 * scale) / 2)).toBeLessThanOrEqual(1.5);
      // … and inside the margins (20 mm = 56.69 pt, 30 mm = 85.04 pt).
      expect(imageLeft).toBeGreaterThanOrEqual(mx - 1);
      expect(imageTop).toBeGreaterThanOrEqual(my - 1);
      expect(imageLeft + 290 * scale).toBeLessThanOrEqual(pw - mx + 1);
      expect(imageTop + 360 * scale).toBeLessThanOrEqual(ph - my + 1);
      expect(onPage.width).toBeCloseTo(inSource.width * scale, -0.5);
    },
  );

  it('shrinks an image larger than the margins allow, keeping its aspect ratio', async () => {
    // The SVG is 915 x 585 pt; an A5 portrait page with 20 mm margins leaves 306 pt of width.
    const pdf = await convert([join(IMAGES, 'bitmap_vs_svg.svg')], {
      PageSize: 'a5',
      PageOrientation: 'portrait',
      MarginHorizontal: '20',
      MarginVertical: '20',
    });
    const [[w, h] = [0, 0]] = pageSizes(pdf);
    expect([Math.round(w), Math.round(h)]).toEqual([420, 595]);
    const [image] = await listedImages(pdf);
    if (!image) throw new Error('no image listed');
    // the pixel size over the effective dpi
    const widthPt = (image.width * 72) / image.xPpi;
    const heightPt = (image.height * 72) / image.yPpi;
    expect(widthPt).toBeCloseTo(419.53 - (2 * 20 * 72) / 25.4, -0.5);
    expect(widthPt / heightPt).toBeCloseTo(915 / 585, 1);
  });

  it('default page size plus margins: the page is the image plus twice each margin', async () => {
    const pdf = await convert([join(IMAGES, 'python.bmp')], { MarginHorizontal: '10', MarginVertical: '5' });
    const [[w, h] = [0, 0]] = pageSizes(pdf);
    expect(w).toBeCloseTo(211 + (2 * 10 * 72) / 25.4, 1);
    expect(h).toBeCloseTo(71 + (2 * 5 * 72) / 25.4, 1);
  });

  it('refuses a decompression bomb with 413 before decoding it', async () => {
    // 12 000 x 9 000 = 108 megapixels of one colour: a small file that would need 324 MB decoded.
    const bomb = join(workDir(), 'bomb.png');
    await writeFile(
      bomb,
      await sharp({ create: { width: 12_000, height: 9_000, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer({ resolveWithObject: false }),
    );
    expect((await stat(bomb)).size).toBeLessThan(2_000_000);
    const error = await convert([bomb]).catch((e: unknown) => e);
    expect(answerTo(error)).toMatchObject({ status: 413, code: 4130 });
    expect((error as Error).message).toMatch(/bomb\.png is too large \(more than 100 megapixels\)/);
  });

  it('a damaged image is a clear 422', async () => {
    const broken = join(workDir(), 'broken.jpg');
    await writeFile(broken, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    await expect(answerToRejection(convert([broken]))).resolves.toMatchObject({ status: 422, code: 5002 });
  });

  it('validates its options', () => {
    expect(parameterProblems(imagesToPdfConverter, { PageSize: 'b5' })).toHaveProperty('PageSize');
    expect(parameterProblems(imagesToPdfConverter, { MarginHorizontal: '501' })).toHaveProperty(
      'MarginHorizontal',
    );
    expect(parameterProblems(imagesToPdfConverter, { MarginVertical: '-1' })).toHaveProperty(
      'MarginVertical',
    );
    expect(parameterProblems(imagesToPdfConverter, { MarginVertical: '' })).toBeNull();
  });

  it('Pdfa=true gives PDF/A-2b', async () => {
    const pdf = await convert([join(IMAGES, 'pil123rgba.png')], { Pdfa: 'true' });
    expect(execFileSync('pdfinfo', ['-meta', pdf]).toString()).toMatch(/pdfaid:part(='|>|=")2/);
    // PDF/A needs an OutputIntent carrying an ICC profile; qpdf shows the catalog's entry.
    const json = JSON.parse(execFileSync('qpdf', ['--json', pdf]).toString()) as { qpdf: unknown[] };
    expect(JSON.stringify(json.qpdf)).toMatch(/"\/S":\s*"\/GTS_PDFA1"/);
    expect(JSON.stringify(json.qpdf)).toContain('/DestOutputProfile');
  });
});
