import { describe, expect, it } from 'vitest';
import {
  endpointsOf,
  findToolByEndpoint,
  findToolById,
  getTool,
  isToolId,
  LANDING_CATEGORIES,
  normalizeEndpoint,
  type ToolId,
  tools,
  UnknownToolError,
  WORKFLOW_CATEGORIES,
} from './index';

const landing: Record<string, readonly ToolId[]> = {
  'Convert to PDF': ['office-to-pdf', 'images-to-pdf', 'web-to-pdf', 'html-to-pdf'],
  'Convert from PDF': ['pdf-to-word', 'pdf-to-powerpoint', 'pdf-to-excel', 'pdf-to-jpg'],
  'PDF Processing': ['pdf-compress', 'pdf-protect', 'pdf-unprotect', 'pdf-to-pdfa'],
  'PDF Management': ['pdf-merge', 'pdf-split', 'pdf-rotate', 'pdf-watermark'],
  Advanced: ['pdf-ocr', 'pdf-redact'],
};

/** Tool page endpoints of part 1 section 7 and part 2 section 7. */
const pageEndpoints: Record<ToolId, string> = {
  'office-to-pdf': 'office/to/pdf',
  'images-to-pdf': 'images/to/pdf',
  'web-to-pdf': 'web/to/pdf',
  'html-to-pdf': 'html/to/pdf',
  'pdf-to-word': 'pdf/to/docx',
  'pdf-to-powerpoint': 'pdf/to/pptx',
  'pdf-to-excel': 'pdf/to/xlsx',
  'pdf-to-jpg': 'pdf/to/jpg',
  'pdf-compress': 'pdf/to/compress',
  'pdf-protect': 'pdf/to/protect',
  'pdf-unprotect': 'pdf/to/unprotect',
  'pdf-to-pdfa': 'pdf/to/pdfa',
  'pdf-merge': 'pdf/to/merge',
  'pdf-split': 'pdf/to/split',
  'pdf-rotate': 'pdf/to/rotate',
  'pdf-watermark': 'pdf/to/watermark',
  'pdf-ocr': 'pdf/to/ocr',
  'pdf-redact': 'pdf/to/redact',
};

describe('the tool catalogue', () => {
  it('lists the tools in landing order, each once, with its route at the site root', () => {
    expect(tools.map((tool) => tool.id)).toEqual(Object.values(landing).flat());
    for (const tool of tools) expect(tool.route).toBe(`/${tool.id}`);
    expect(new Set(tools.map((tool) => tool.title)).size).toBe(tools.length);
  });

  it('puts each tool in its landing category', () => {
    expect(LANDING_CATEGORIES).toEqual(Object.keys(landing));
    for (const [category, ids] of Object.entries(landing)) {
      expect(tools.filter((tool) => tool.landingCategory === category).map((tool) => tool.id)).toEqual(ids);
    }
  });

  it('gives every tool a workflow category of the six and non-empty formats', () => {
    const categories = new Set(['Convert', 'Optimize', 'Security', 'Organize', 'Edit', 'Text']);
    expect(new Set(WORKFLOW_CATEGORIES)).toEqual(categories);
    for (const tool of tools) {
      expect(categories.has(tool.workflowCategory)).toBe(true);
      expect(tool.inputFormats.length).toBeGreaterThan(0);
      expect(tool.outputFormats.length).toBeGreaterThan(0);
      expect(tool.description.length).toBeGreaterThan(10);
    }
    expect(new Set(tools.map((tool) => tool.workflowCategory))).toEqual(categories);
    expect(getTool('pdf-ocr').workflowCategory).toBe('Text');
    expect(getTool('pdf-watermark').workflowCategory).toBe('Edit');
  });

  it('uses the tool pages endpoints of both spec tables', () => {
    for (const tool of tools) expect(tool.endpoint).toBe(pageEndpoints[tool.id]);
  });

  it('finds tools by page endpoint, workflow alias and alternate endpoint', () => {
    for (const tool of tools) expect(findToolByEndpoint(tool.endpoint)).toBe(tool);
    expect(findToolByEndpoint('pdf/merge')?.id).toBe('pdf-merge');
    expect(findToolByEndpoint('pdf/to/excel')?.id).toBe('pdf-to-excel');
    expect(findToolByEndpoint('pdf/to/powerpoint')?.id).toBe('pdf-to-powerpoint');
    expect(findToolByEndpoint('pdf/to/txt')?.id).toBe('pdf-ocr');
    expect(endpointsOf(getTool('pdf-ocr'))).toEqual(['pdf/to/ocr', 'pdf/to/txt']);
  });

  it('tolerates slashes, case and a convert/ prefix, and refuses anything else', () => {
    expect(findToolByEndpoint('/convert/PDF/to/Merge/')?.id).toBe('pdf-merge');
    expect(findToolByEndpoint(' pdf/to/rotate ')?.id).toBe('pdf-rotate');
    expect(findToolByEndpoint('pdf/to/../merge')).toBeUndefined();
    expect(findToolByEndpoint('')).toBeUndefined();
    expect(findToolByEndpoint('pdf/to/nothing')).toBeUndefined();
    expect(findToolByEndpoint(undefined as unknown as string)).toBeUndefined();
    expect(normalizeEndpoint('pdf/to/merge?x=1')).toBe('');
  });

  it('gives every endpoint spelling to exactly one tool', () => {
    const all = tools.flatMap(endpointsOf);
    expect(new Set(all).size).toBe(all.length);
  });

  it('throws a typed error for an unknown id and offers a non-throwing look-up', () => {
    expect(getTool('pdf-merge').title).toBe('Merge PDF');
    expect(() => getTool('pdf-nothing' as ToolId)).toThrow(UnknownToolError);
    expect(findToolById('pdf-nothing')).toBeUndefined();
    expect(isToolId('pdf-split')).toBe(true);
    expect(isToolId('constructor')).toBe(false);
    expect(isToolId(42)).toBe(false);
  });

  it('is frozen so no consumer can reorder the shared list', () => {
    expect(Object.isFrozen(tools)).toBe(true);
  });
});

describe('tool icons', () => {
  it('gives every tool its own icon, so no two landing cards look alike', () => {
    const icons = tools.map((tool) => tool.icon);
    expect(icons.every((icon) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(icon))).toBe(true);
    expect(new Set(icons).size).toBe(tools.length);
  });
});
