/** Every option default, range and choice of both spec parts, read back from the catalogue. */
import { describe, expect, it } from 'vitest';
import {
  COMPRESSION_PRESETS,
  DEFAULT_COMPRESSION_PRESET,
  getTool,
  OCR_LANGUAGES,
  type OptionDefinition,
  PDFA_CONFORMANCE_LEVELS,
  SPLIT_DOWNLOAD_PAUSE_MS,
  SPLIT_MODES,
  type ToolId,
  tools,
  WATERMARK_SIZES,
} from './index';

function option(id: ToolId, name: string): OptionDefinition {
  const found = getTool(id).options.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${id} has no option ${name}`);
  return found;
}
const values = (id: ToolId, name: string) => option(id, name).options?.map((choice) => choice.value);

describe('options', () => {
  it('office: PageRange hint, PDF versions 1.3-1.7 default 1.4, PdfA off', () => {
    expect(option('office-to-pdf', 'PageRange').placeholder).toBe('e.g., 1-5, 8, 10-12');
    expect(values('office-to-pdf', 'PdfVersion')).toEqual(['1.3', '1.4', '1.5', '1.6', '1.7']);
    expect(option('office-to-pdf', 'PdfVersion').default).toBe('1.4');
    expect(option('office-to-pdf', 'PdfA')).toMatchObject({ default: false, sendWhen: 'true' });
    expect(option('office-to-pdf', 'DocumentOpenPassword').sendWhen).toBe('non-blank');
  });
  it('images: page sizes, orientations and margins 0-500 default 0', () => {
    expect(values('images-to-pdf', 'PageSize')).toEqual(['default', 'a4', 'a3', 'a5', 'letter', 'legal']);
    expect(option('images-to-pdf', 'PageSize').options?.[0]?.label).toBe('Image size');
    expect(values('images-to-pdf', 'PageOrientation')).toEqual(['default', 'portrait', 'landscape']);
    expect(option('images-to-pdf', 'PageOrientation').options?.[0]?.label).toBe('Image orientation');
    for (const name of ['MarginHorizontal', 'MarginVertical']) {
      expect(option('images-to-pdf', name)).toMatchObject({
        min: 0,
        max: 500,
        default: 0,
        sendWhen: 'positive',
      });
    }
    expect(option('images-to-pdf', 'Pdfa').type).toBe('switch');
    // an animated GIF: its first frame (as before) unless every frame is asked for
    expect(values('images-to-pdf', 'Frames')).toEqual(['default', 'all']);
    expect(option('images-to-pdf', 'Frames').default).toBe('default');
  });
  it('compress: five presets with their DPI, ebook by default', () => {
    expect(COMPRESSION_PRESETS.map((p) => [p.value, p.dpi])).toEqual([
      ['text', 20],
      ['archive', 40],
      ['web', 75],
      ['ebook', 150],
      ['printer', 300],
    ]);
    expect(option('pdf-compress', 'Preset').default).toBe(DEFAULT_COMPRESSION_PRESET);
    expect(DEFAULT_COMPRESSION_PRESET).toBe('ebook');
  });
  it('protect and unprotect: required passwords with the spec messages; catalogue-only encryption levels', () => {
    expect(option('pdf-protect', 'UserPassword')).toMatchObject({
      required: true,
      requiredTitle: 'User password required',
      requiredMessage: 'Please enter a password to protect the PDF.',
    });
    expect(option('pdf-protect', 'OwnerPassword')).toMatchObject({ sendWhen: 'non-blank' });
    expect(option('pdf-protect', 'OwnerPassword').required).toBeFalsy();
    expect(values('pdf-protect', 'EncryptionLevel')).toEqual(['40bit', '128bit', '256bit']);
    expect(option('pdf-protect', 'EncryptionLevel').workflowOnly).toBe(true);
    expect(option('pdf-unprotect', 'Password')).toMatchObject({
      requiredTitle: 'Password required',
      requiredMessage: 'Please enter the password to unlock the PDF.',
    });
  });
  it('PDF/A: versions PdfA1b..PdfA3u, PdfA2b default; conformance levels 1A to 3B', () => {
    expect(values('pdf-to-pdfa', 'PdfaVersion')).toEqual(['PdfA1b', 'PdfA2b', 'PdfA2u', 'PdfA3b', 'PdfA3u']);
    expect(option('pdf-to-pdfa', 'PdfaVersion').default).toBe('PdfA2b');
    expect(PDFA_CONFORMANCE_LEVELS.map((c) => c.value)).toEqual(['1A', '1B', '2A', '2B', '3A', '3B']);
  });
  it('jpg: catalogue-only quality 1-100 default 95 and dpi 150, 300, 600', () => {
    expect(option('pdf-to-jpg', 'Quality')).toMatchObject({
      min: 1,
      max: 100,
      default: 95,
      workflowOnly: true,
    });
    expect(values('pdf-to-jpg', 'Dpi')).toEqual(['150', '300', '600']);
  });
  it('rotate: 90, 180, 270 default 90; pages default 1-99 and all not sent', () => {
    expect(values('pdf-rotate', 'RotatePage')).toEqual(['90', '180', '270']);
    expect(option('pdf-rotate', 'RotatePage').default).toBe('90');
    expect(option('pdf-rotate', 'PageRange')).toMatchObject({ default: '1-99', sendWhen: 'not-all' });
  });
  it('split: modes all, pages, chunks; chunk default 1 min 1; download pause 500 ms', () => {
    expect(SPLIT_MODES.map((m) => [m.value, m.field])).toEqual([
      ['all', 'SplitByPattern'],
      ['pages', 'ExtractPages'],
      ['chunks', 'SplitByPattern'],
    ]);
    expect(option('pdf-split', 'SplitByPattern')).toMatchObject({ min: 1, default: 1, integer: true });
    expect(option('pdf-split', 'ExtractPages').valueFormat).toBe('page-groups');
    expect(SPLIT_DOWNLOAD_PAUSE_MS).toBe(500);
  });
  it('watermark: every default, range, mode, size and quick pick', () => {
    expect(option('pdf-watermark', 'Text')).toMatchObject({
      default: 'CONFIDENTIAL',
      required: true,
      requiredMessage: 'Please enter watermark text',
    });
    expect(option('pdf-watermark', 'Text').presets?.map((p) => p.value)).toEqual([
      'CONFIDENTIAL',
      'DRAFT',
      'COPY',
      'SAMPLE',
    ]);
    expect(values('pdf-watermark', 'HorizontalAlignment')).toEqual(['left', 'center', 'right']);
    expect(values('pdf-watermark', 'VerticalAlignment')).toEqual(['top', 'center', 'bottom']);
    expect(option('pdf-watermark', 'HorizontalAlignment').default).toBe('center');
    expect(option('pdf-watermark', 'VerticalAlignment').default).toBe('center');
    expect(option('pdf-watermark', 'Opacity')).toMatchObject({ min: 10, max: 80, step: 5, default: 30 });
    expect(option('pdf-watermark', 'Rotate')).toMatchObject({ min: 0, max: 360, step: 15, default: 0 });
    expect(option('pdf-watermark', 'FontColor').default).toBe('#000000');
    expect(option('pdf-watermark', 'StrokeColor').default).toBe('#000000');
    expect(values('pdf-watermark', 'TextRenderingMode')).toEqual([
      'filltext',
      'stroketext',
      'fillstroke',
      'invisible',
    ]);
    expect(option('pdf-watermark', 'TextRenderingMode').default).toBe('filltext');
    expect(WATERMARK_SIZES).toEqual({ small: 12, medium: 24, large: 36 });
    expect(option('pdf-watermark', 'FontSize').presets?.map((p) => [p.label, p.value])).toEqual([
      ['Small', '12'],
      ['Medium', '24'],
      ['Large', '36'],
    ]);
  });
  it('OCR: the 27 languages with names, en by default', () => {
    expect(OCR_LANGUAGES.map((l) => l.value).join(' ')).toBe(
      'ar ca zh-cn zh-tw da nl en fi fa de el he it ja ko lt no pl pt ro ru sl es sv tr ua th',
    );
    expect(new Set(OCR_LANGUAGES.map((l) => l.label)).size).toBe(27);
    expect(option('pdf-ocr', 'Language').default).toBe('en');
    // the catalogue's list is what every API takes; a docstudio server's picker adds its installed ones
    expect(values('pdf-ocr', 'Language')).toEqual(OCR_LANGUAGES.map((l) => l.value));
  });
  it('redact: presets auto..manual, auto and #000000 by default, terms only for manual', () => {
    expect(values('pdf-redact', 'Preset')).toEqual([
      'auto',
      'gdpr',
      'hipaa',
      'ferpa',
      'foia',
      'glba',
      'ccpa',
      'manual',
    ]);
    expect(option('pdf-redact', 'Preset').default).toBe('auto');
    expect(option('pdf-redact', 'RedactionColor').default).toBe('#000000');
    expect(option('pdf-redact', 'RedactionTerms').shownWhen).toEqual({ option: 'Preset', oneOf: ['manual'] });
    expect(getTool('pdf-redact').texts.notice).toMatch(/cannot be undone/);
  });
  it('gives each option a default inside its own range and choices', () => {
    for (const tool of tools) {
      for (const o of tool.options) {
        if (o.default === undefined) continue;
        if (o.options) expect(o.options.map((c) => c.value)).toContain(String(o.default));
        if (typeof o.default === 'number') {
          expect(o.default).toBeGreaterThanOrEqual(o.min ?? Number.NEGATIVE_INFINITY);
          expect(o.default).toBeLessThanOrEqual(o.max ?? Number.POSITIVE_INFINITY);
        }
      }
    }
  });
});
