/**
 * web/to/pdf: prints a public web page. The first URL is checked here (400, Code 5005, with the
 * reason); every request the page then makes, redirects included, is checked by the filtering proxy
 * below the browser, where a refused subrequest simply fails inside the page.
 */
import { join } from 'node:path';
import { renderUrlToPdf } from '../../engines/chromium';
import { ApiError, ErrorCode, invalidParameters } from '../../http/errors';
import { assertPublicUrl, policyFromEnv, type SsrfPolicy } from '../../security/ssrf';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';

/** A readable file name from the page's host and path: 'example.com-docs.pdf'. */
export function pdfNameForUrl(url: URL): string {
  const path = url.pathname.replace(/\.[a-z0-9]+$/i, '').replace(/[^a-z0-9]+/gi, '-');
  const base = `${url.hostname}${path}`.replace(/[^a-z0-9.-]+/gi, '-').replace(/-+$/g, '');
  return `${base.slice(0, 100) || 'page'}.pdf`;
}

/**
 * Without an explicit policy, ALLOW_PRIVATE_URLS / SSRF_ALLOWED_ORIGINS are read at each request,
 * not once at import, so the setting in force when the job runs is the one applied.
 */
export function createWebToPdfConverter(fixedPolicy?: SsrfPolicy): Converter {
  return {
    endpoint: 'web/to/pdf',
    engine: 'chromium',
    input: 'url',
    accepts: [],
    validate: () => null,
    async convert(ctx: ConverterContext): Promise<ConverterResultFile[]> {
      const raw = ctx.url?.trim() ?? '';
      if (!raw) throw invalidParameters({ Url: ['URL required. Please enter a website URL to convert.'] });
      try {
        new URL(raw);
      } catch {
        throw invalidParameters({
          Url: ['Invalid URL. Please enter a valid website URL (e.g., https://example.com).'],
        });
      }
      const policy = fixedPolicy ?? policyFromEnv();
      const url = await assertPublicUrl(raw, policy);
      const fileName = pdfNameForUrl(url);
      const outPath = join(ctx.workDir, 'web-page.pdf');
      if (ctx.deadline <= 0)
        throw new ApiError(504, ErrorCode.Timeout, 'No time was left for the conversion.');
      await renderUrlToPdf(url.href, policy, { outPath, timeoutMs: ctx.deadline, signal: ctx.signal });
      return [{ path: outPath, fileName }];
    },
  };
}

export const webToPdfConverter: Converter = createWebToPdfConverter();
