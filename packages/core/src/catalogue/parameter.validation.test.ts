import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkOptionField,
  checkOptionValue,
  getTool,
  resolveParametersOf,
  resolveToolParameters,
  tools,
  validateToolParameters,
  validateWebUrl,
} from './index';

describe('validateToolParameters (server wire checks)', () => {
  it('accepts what the tool pages send, ignoring the server own fields', () => {
    expect(
      validateToolParameters('pdf/to/rotate', { RotatePage: '90', PageRange: '1-99', StoreFile: 'true' }),
    ).toBeNull();
    expect(
      validateToolParameters('pdf/to/watermark', {
        Text: 'DRAFT',
        HorizontalAlignment: 'left',
        VerticalAlignment: 'bottom',
        Opacity: '30',
        FontSize: '36',
        Rotate: '45',
        TextRenderingMode: 'fillstroke',
        StrokeColor: '#FF0000',
        FontColor: '#00ff00',
        Timeout: '30',
        Async: 'true',
      }),
    ).toBeNull();
    expect(
      validateToolParameters('office/to/pdf', {
        PageRange: '1-5, 8, 10-12',
        PdfVersion: '1.7',
        PdfA: 'true',
      }),
    ).toBeNull();
    expect(validateToolParameters('pdf/to/txt', { Language: 'zh-cn' })).toBeNull();
    expect(validateToolParameters('pdf/merge', {})).toBeNull();
  });

  it('says which choice is allowed', () => {
    expect(validateToolParameters('pdf/to/rotate', { RotatePage: '45' })).toEqual({
      RotatePage: ['RotatePage must be one of 90, 180, 270.'],
    });
    expect(validateToolParameters('pdf/to/pdfa', { PdfaVersion: 'PdfA4' })).toEqual({
      PdfaVersion: ['PdfaVersion must be one of PdfA1b, PdfA2b, PdfA2u, PdfA3b, PdfA3u.'],
    });
    expect(validateToolParameters('pdf/to/compress', { Preset: 'tiny' })?.Preset?.[0]).toBe(
      'Preset must be one of text, archive, web, ebook, printer.',
    );
    const language = validateToolParameters('pdf/to/ocr', { Language: 'xx' })?.Language?.[0] ?? '';
    // the 27 of the spec: what every API takes (a server adds its installed ones itself)
    expect(language.split(', ')).toHaveLength(27);
    expect(validateToolParameters('pdf/to/redact', { Preset: 'secret' })?.Preset).toHaveLength(1);
  });

  it('gives the spec messages for blank required fields', () => {
    expect(validateToolParameters('pdf/to/watermark', { Text: '   ' })).toEqual({
      Text: ['Please enter watermark text'],
    });
    expect(validateToolParameters('pdf/to/protect', {})).toEqual({
      UserPassword: ['Please enter a password to protect the PDF.'],
    });
    expect(validateToolParameters('pdf/to/unprotect', { Password: '' })).toEqual({
      Password: ['Please enter the password to unlock the PDF.'],
    });
    expect(validateToolParameters('pdf/to/redact', { Preset: 'manual' })).toEqual({
      RedactionTerms: ['Please enter the words or patterns to redact.'],
    });
  });

  it('checks number ranges and whole numbers', () => {
    expect(validateToolParameters('pdf/to/watermark', { Opacity: '90' })).toEqual({
      Opacity: ['Opacity must be between 10 and 80.'],
    });
    expect(
      validateToolParameters('pdf/to/watermark', { Opacity: '5', Rotate: '361', FontSize: '12.5' }),
    ).toEqual({
      Opacity: ['Opacity must be between 10 and 80.'],
      Rotate: ['Rotate must be between 0 and 360.'],
      FontSize: ['FontSize must be a whole number.'],
    });
    expect(
      validateToolParameters('images/to/pdf', { MarginHorizontal: '501', MarginVertical: '-1' }),
    ).toEqual({
      MarginHorizontal: ['MarginHorizontal must be between 0 and 500.'],
      MarginVertical: ['MarginVertical must be between 0 and 500.'],
    });
    expect(
      validateToolParameters('images/to/pdf', { MarginHorizontal: '500', MarginVertical: '0' }),
    ).toBeNull();
    expect(validateToolParameters('pdf/to/split', { SplitByPattern: '0' })).toEqual({
      SplitByPattern: ['SplitByPattern must be at least 1.'],
    });
    for (const text of ['1e2', '0x10', 'ten', 'NaN', 'Infinity', '']) {
      const errors = validateToolParameters('pdf/to/jpg', { Quality: text });
      if (text === '') expect(errors).toBeNull();
      else expect(errors).toEqual({ Quality: ['Quality must be a number.'] });
    }
  });

  it('checks booleans, colours and page ranges', () => {
    expect(validateToolParameters('images/to/pdf', { Pdfa: 'yes' })).toEqual({
      Pdfa: ['Pdfa must be true or false.'],
    });
    expect(validateToolParameters('office/to/pdf', { PdfA: 'True' })).toBeNull();
    expect(validateToolParameters('pdf/to/redact', { RedactionColor: 'black' })?.RedactionColor?.[0]).toMatch(
      /#rrggbb/,
    );
    expect(validateToolParameters('pdf/to/watermark', { FontColor: '#12345' })?.FontColor).toHaveLength(1);
    expect(validateToolParameters('pdf/to/rotate', { PageRange: '5-3' })).toEqual({
      PageRange: ['The range 5-3 is reversed: write 3-5.'],
    });
    expect(validateToolParameters('pdf/to/rotate', { PageRange: 'all' })).toBeNull();
    expect(validateToolParameters('pdf/to/split', { ExtractPages: 'all' })?.ExtractPages).toHaveLength(1);
    expect(validateToolParameters('pdf/to/split', { ExtractPages: '1-3,5' })).toBeNull();
  });

  it('refuses over-long and control-character text, but keeps passwords as typed', () => {
    expect(validateToolParameters('pdf/to/watermark', { Text: 'x'.repeat(201) })?.Text?.[0]).toBe(
      'Text must be at most 200 characters long.',
    );
    expect(validateToolParameters('pdf/to/watermark', { Text: 'a\u0000b' })?.Text?.[0]).toMatch(
      /control characters/,
    );
    const resolved = resolveToolParameters('pdf/to/protect', { UserPassword: ' secret ', OwnerPassword: '' });
    expect(resolved.ok && resolved.values).toEqual({ UserPassword: ' secret ', EncryptionLevel: '256bit' });
  });

  it("resolves one tool by its id, typed by the tool's options (resolveParametersOf)", () => {
    expect(resolveParametersOf('pdf-compress', {})).toEqual({ ok: true, values: { Preset: 'ebook' } });
    expect(resolveParametersOf('pdf-rotate', { RotatePage: '45' })).toEqual({
      ok: false,
      errors: { RotatePage: ['RotatePage must be one of 90, 180, 270.'] },
    });
    const protect = resolveParametersOf('pdf-protect', { userpassword: 'pw' });
    if (!protect.ok) throw new Error('a user password alone is enough to protect a file');
    // A required option is always there once resolved; one without a default may be missing.
    const user: string = protect.values.UserPassword;
    const owner: string | undefined = protect.values.OwnerPassword;
    expect([user, owner, protect.values.EncryptionLevel]).toEqual(['pw', undefined, '256bit']);
    // @ts-expect-error Protect PDF has no option of that name
    expect(protect.values.Password).toBeUndefined();
  });

  it('answers an unknown endpoint with a message instead of throwing', () => {
    expect(validateToolParameters('pdf/to/nothing', {})).toEqual({
      Endpoint: ["No tool answers to the endpoint 'pdf/to/nothing'."],
    });
    expect(validateToolParameters('pdf/to/rotate', null as unknown as Record<string, string>)).toBeNull();
  });

  it('resolves canonical values with defaults, matching field names and choices in any case', () => {
    const resolved = resolveToolParameters('pdf/to/watermark', {
      text: 'COPY',
      opacity: '40',
      fontcolor: '#ABCDEF',
    });
    expect(resolved.ok && resolved.values).toEqual({
      Text: 'COPY',
      HorizontalAlignment: 'center',
      VerticalAlignment: 'center',
      Opacity: '40',
      FontSize: '24',
      Rotate: '0',
      TextRenderingMode: 'filltext',
      StrokeColor: '#000000',
      FontColor: '#abcdef',
    });
    const pdfa = resolveToolParameters('pdf/to/pdfa', { PdfaVersion: 'pdfa3u' });
    expect(pdfa.ok && pdfa.values.PdfaVersion).toBe('PdfA3u');
    const redact = resolveToolParameters('pdf/to/redact', { RedactionTerms: 'ignored unless manual' });
    expect(redact.ok && redact.values).toEqual({ Preset: 'auto', RedactionColor: '#000000' });
  });

  it('never throws, whatever the values (property)', () => {
    const endpoints = tools.map((tool) => tool.endpoint);
    const names = [...new Set(tools.flatMap((tool) => tool.options.map((o) => o.name)))];
    fc.assert(
      fc.property(
        fc.constantFrom(...endpoints),
        fc.dictionary(
          fc.oneof(fc.constantFrom(...names), fc.string()),
          fc.string({ unit: 'binary-ascii', maxLength: 60 }),
        ),
        (endpoint, params) => {
          const errors = validateToolParameters(endpoint, params);
          if (errors === null) return true;
          return Object.values(errors).every((list) => list.length === 1 && typeof list[0] === 'string');
        },
      ),
    );
  });

  it('accepts every option default of every tool', () => {
    for (const tool of tools) {
      const defaults = Object.fromEntries(
        tool.options.filter((o) => o.default !== undefined).map((o) => [o.name, String(o.default)]),
      );
      const required = Object.fromEntries(
        tool.options
          .filter((o) => o.required && o.default === undefined && !o.shownWhen)
          .map((o) => [o.name, 'x']),
      );
      expect(validateToolParameters(tool.endpoint, { ...defaults, ...required }), tool.id).toBeNull();
    }
    expect(getTool('pdf-rotate').options.map((o) => o.name)).toEqual(['RotatePage', 'PageRange']);
  });
});

describe('validateWebUrl', () => {
  it('gives the spec texts for blank and unparseable URLs', () => {
    expect(validateWebUrl('  ')).toEqual({
      ok: false,
      reason: 'required',
      title: 'URL required',
      message: 'Please enter a website URL to convert.',
    });
    expect(validateWebUrl('http://', 'docstudio.dev')).toEqual({
      ok: false,
      reason: 'invalid',
      title: 'Invalid URL',
      message: 'Please enter a valid website URL (e.g., docstudio.dev).',
    });
    expect(validateWebUrl('javascript:alert(1)').ok).toBe(false);
    expect(validateWebUrl('file:///etc/passwd').ok).toBe(false);
    expect(validateWebUrl('example dot com')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(validateWebUrl('https://exa%20mple.com/')).toMatchObject({ ok: false, reason: 'invalid' });
  });
  it('adds https:// to a bare host and keeps http and https URLs', () => {
    expect(validateWebUrl('example.com/page')).toEqual({ ok: true, url: 'https://example.com/page' });
    expect(validateWebUrl(' http://example.org ')).toEqual({ ok: true, url: 'http://example.org/' });
    expect(validateWebUrl('http://[::1]:8080/a b')).toEqual({ ok: true, url: 'http://[::1]:8080/a%20b' });
    expect(validateWebUrl('https://bücher.example/')).toEqual({
      ok: true,
      url: 'https://xn--bcher-kva.example/',
    });
    expect(validateWebUrl('http://10.0.0.1/')).toMatchObject({ ok: true });
  });
});

const optionOf = (toolId: Parameters<typeof getTool>[0], name: string) => {
  const option = getTool(toolId).options.find((candidate) => candidate.name === name);
  if (!option) throw new Error(`${toolId} has no option ${name}`);
  return option;
};

describe('checkOptionValue / checkOptionField (one value, as a form checks it)', () => {
  const quality = optionOf('pdf-to-jpg', 'Quality'); // whole number 1..100
  const chunk = optionOf('pdf-split', 'SplitByPattern'); // whole number, at least 1
  const password = optionOf('pdf-protect', 'UserPassword'); // required

  it('names the reason of each refusal, so a form can word it with its labels', () => {
    expect(checkOptionValue(quality, 'abc')).toEqual({
      ok: false,
      reason: 'number',
      message: 'Quality must be a number.',
    });
    expect(checkOptionValue(quality, '2.5')).toMatchObject({ ok: false, reason: 'whole-number' });
    expect(checkOptionValue(quality, '101')).toEqual({
      ok: false,
      reason: 'range',
      message: 'Quality must be between 1 and 100.',
    });
    expect(checkOptionValue(chunk, '0')).toEqual({
      ok: false,
      reason: 'range',
      message: 'SplitByPattern must be at least 1.',
    });
    expect(checkOptionValue(optionOf('pdf-rotate', 'RotatePage'), '45')).toMatchObject({ reason: 'choice' });
    expect(checkOptionValue(password, 'a\u0000b')).toMatchObject({ reason: 'control-character' });
    expect(checkOptionValue(optionOf('pdf-split', 'ExtractPages'), 'pages one to three')).toMatchObject({
      reason: 'page-format',
    });
  });

  it('accepts values in range and gives their canonical spelling', () => {
    expect(checkOptionValue(quality, ' 100 ')).toEqual({ ok: true, value: '100' });
    expect(checkOptionValue(chunk, '250')).toEqual({ ok: true, value: '250' });
  });

  it('checkOptionField: blank is a problem only for a required option; numbers and booleans are read as text', () => {
    expect(checkOptionField(password, '  ')).toMatchObject({ ok: false, reason: 'required' });
    expect(checkOptionField(password, undefined)).toMatchObject({ reason: 'required' });
    expect(checkOptionField(quality, '')).toBeNull();
    expect(checkOptionField(quality, null)).toBeNull();
    expect(checkOptionField(quality, 95)).toBeNull();
    expect(checkOptionField(quality, 0)).toMatchObject({ reason: 'range' });
    expect(checkOptionField(quality, Number.NaN)).toMatchObject({ reason: 'number' });
    const pdfA = optionOf('office-to-pdf', 'PdfA');
    expect(checkOptionField(pdfA, true)).toBeNull();
    expect(checkOptionField(pdfA, 'yes')).toMatchObject({ reason: 'boolean' });
  });
});
