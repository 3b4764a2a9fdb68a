/**
 * The watermark's live preview on the first page: drawn over the real page picture (pdf.js) as soon
 * as a PDF is chosen, before anything is sent, and following every option. Where it lands is checked
 * against the stamp's geometry (24 pt margins, the turned text box kept on the page); the end-to-end
 * test compares it with the server's stamped page.
 */
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../fixtures';
import { seriousViolations } from '../../testing/axe.check';
import { fillField, renderTool, type ToolHarness } from '../../testing/tool.harness';
import { PdfWatermark } from './PdfWatermark';
import { placeWatermark } from './watermark.geometry';

/** The drawn text's box as shares of the overlay (the page): left, top, right, bottom. */
function textBox(harness: ToolHarness): [number, number, number, number] {
  const overlay = harness.part('overlay')?.getBoundingClientRect();
  const drawn = harness.part('watermark-text')?.getBoundingClientRect();
  if (!overlay || !drawn) throw new Error('no preview');
  return [
    (drawn.left - overlay.left) / overlay.width,
    (drawn.top - overlay.top) / overlay.height,
    (drawn.right - overlay.left) / overlay.width,
    (drawn.bottom - overlay.top) / overlay.height,
  ];
}

async function renderWithPdf() {
  const harness = await renderTool(PdfWatermark, 'pdf-watermark');
  expect(harness.part('watermark-preview')).toBeNull();
  await harness.drop(await loadFixtures('crazyones.pdf'));
  return harness;
}

describe('PdfWatermark preview', () => {
  it('shows the watermark on the first page before converting, and follows the text, opacity and colour', async () => {
    const harness = await renderWithPdf();
    const preview = harness.screen.getByRole('img', {
      name: 'Preview of the watermark on page 1: CONFIDENTIAL',
    });
    await expect.element(preview).toBeVisible();
    await expect
      .poll(() => harness.part('page-image')?.getAttribute('data-state'), { timeout: 50_000 })
      .toBe('ready');
    const drawn = () => harness.part('watermark-text');
    expect(drawn()?.textContent).toBe('CONFIDENTIAL');
    expect(drawn()?.getAttribute('opacity')).toBe('0.3');
    // Centred by default: the box's middle is the page's middle.
    const [left, top, right, bottom] = textBox(harness);
    expect((left + right) / 2).toBeCloseTo(0.5, 2);
    expect((top + bottom) / 2).toBeCloseTo(0.5, 1);

    await fillField(harness, 'Watermark text', 'DRAFT');
    await expect
      .element(harness.screen.getByRole('img', { name: 'Preview of the watermark on page 1: DRAFT' }))
      .toBeVisible();
    expect(drawn()?.textContent).toBe('DRAFT');
    await harness.screen.getByRole('slider', { name: 'Opacity (%)' }).fill('60');
    await expect.poll(() => drawn()?.getAttribute('opacity')).toBe('0.6');
    await harness.screen.getByRole('combobox', { name: 'Rendering mode' }).selectOptions('stroketext');
    await expect.poll(() => drawn()?.getAttribute('fill')).toBe('none');
    expect(drawn()?.getAttribute('stroke')).toBe('#000000');
    expect(harness.fake.requests).toHaveLength(0);
    expect(await seriousViolations(harness.root)).toEqual([]);
  }, 60_000);

  it('puts aligned text 24 pt from the edges and keeps a turned text on the page', async () => {
    const harness = await renderWithPdf();
    await expect.element(harness.screen.getByRole('img', { name: /Preview of the watermark/ })).toBeVisible();
    await harness.screen.getByRole('combobox', { name: 'Horizontal alignment' }).selectOptions('left');
    await harness.screen.getByRole('combobox', { name: 'Vertical alignment' }).selectOptions('top');
    const overlay = harness.part('overlay');
    const width = Number(overlay?.getAttribute('viewBox')?.split(' ')[2]);
    const height = Number(overlay?.getAttribute('viewBox')?.split(' ')[3]);
    await expect.poll(() => textBox(harness)[0] * width).toBeGreaterThan(22);
    // The glyphs' box sits within a point or two of the stamp's text box (font side bearings aside).
    expect(textBox(harness)[0] * width).toBeLessThan(27);
    expect(textBox(harness)[1] * height).toBeGreaterThan(16);
    expect(textBox(harness)[1] * height).toBeLessThan(30);

    await harness.screen.getByRole('combobox', { name: 'Horizontal alignment' }).selectOptions('right');
    await harness.screen.getByRole('combobox', { name: 'Vertical alignment' }).selectOptions('bottom');
    const rotation = harness.screen.getByRole('slider', { name: 'Rotation (°)' });
    await rotation.fill('45');
    await expect
      .poll(() => harness.part('watermark-text')?.parentElement?.getAttribute('transform'))
      .toContain('rotate(-45)');
    const [left, top, right, bottom] = textBox(harness);
    expect(right * width).toBeLessThan(width - 20);
    expect(bottom * height).toBeLessThan(height - 20);
    // Turned 45° counter-clockwise: the box is about as tall as it is wide, and its right side is higher.
    expect(((bottom - top) * height) / ((right - left) * width)).toBeGreaterThan(0.8);
  }, 60_000);
});

describe('placeWatermark', () => {
  const page = { pageWidth: 612, pageHeight: 792, textWidth: 200, fontSize: 40 };
  it('centres at the middle and aligns with 24 pt margins, measuring from the top', () => {
    expect(placeWatermark({ ...page, rotate: 0, horizontal: 'center', vertical: 'center' })).toMatchObject({
      centerX: 306,
      centerY: 396,
      svgRotation: -0,
    });
    const topLeft = placeWatermark({ ...page, rotate: 0, horizontal: 'left', vertical: 'top' });
    expect(topLeft.centerX).toBeCloseTo(24 + 100);
    expect(topLeft.centerY).toBeCloseTo(24 + (0.718 * 40) / 2);
    const bottomRight = placeWatermark({ ...page, rotate: 90, horizontal: 'right', vertical: 'bottom' });
    // Turned a quarter: the text's height runs across, its width up the page.
    expect(bottomRight.centerX).toBeCloseTo(612 - 24 - (0.718 * 40) / 2);
    expect(bottomRight.centerY).toBeCloseTo(792 - 24 - 100);
    expect(bottomRight.svgRotation).toBe(-90);
  });
});
