/**
 * web/to/pdf: prints a public web page. The first URL is checked here (400, Code 5005, with the
 * reason); every request the page then makes, redirects included, is checked by the filtering proxy
 * below the browser, where a refused subrequest simply fails inside the page.
 */
import { join } from 'node:path';
import { type ToolParameters, validateWebUrl } from '@docstudio/core';
import { engineTimeout, invalidParameters } from '../../contract/errors';
import { renderUrlToPdf } from '../../engines/chromium';
import { timeLeftMs } from '../../engines/time-left';
import { assertPublicUrl, type SsrfPolicy } from '../../security/ssrf';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { catalogueParameters } from '../tool-parameters';

/** A readable file name from the page's host and path: 'example.com-docs.pdf'. */
export function pdfNameForUrl(url: URL): string {
  const path = url.pathname.replace(/\.[a-z0-9]+$/i, '').replace(/[^a-z0-9]+/gi, '-');
  const base = `${url.hostname}${path}`.replace(/[^a-z0-9.-]+/gi, '-').replace(/-+$/g, '');
  return `${base.slice(0, 100) || 'page'}.pdf`;
}

type WebParameters = ToolParameters<'web-to-pdf'>;

/** Without a fixed policy (tests of the converter alone), the server's configured policy applies. */
export function createWebToPdfConverter(fixedPolicy?: SsrfPolicy): Converter<WebParameters> {
  return {
    ...catalogueFacts('web/to/pdf'),
    engine: 'chromium',
    readParameters: catalogueParameters('web-to-pdf'),
    async convert(ctx: ConverterContext<WebParameters>): Promise<ConverterResultFile[]> {
      // The spec's URL texts live in the core catalogue, shared with the tool page.
      // A parseable URL of another scheme (file:, chrome:) goes on to the guard, which refuses it as 5005.
      const text = ctx.url?.trim() ?? '';
      const checked = validateWebUrl(text);
      if (!checked.ok && !URL.canParse(text))
        throw invalidParameters({ Url: [`${checked.title}. ${checked.message}`] });
      const raw = checked.ok ? checked.url : text;
      const policy = fixedPolicy ?? ctx.urlPolicy ?? {};
      const url = await assertPublicUrl(raw, policy);
      const fileName = pdfNameForUrl(url);
      const outPath = join(ctx.workDir, 'web-page.pdf');
      if (ctx.deadlineAt <= Date.now()) throw engineTimeout('No time was left for the conversion.');
      await renderUrlToPdf(url.href, policy, {
        outPath,
        timeoutMs: timeLeftMs(ctx.deadlineAt),
        signal: ctx.signal,
      });
      return [{ path: outPath, fileName }];
    },
  };
}

export const webToPdfConverter = createWebToPdfConverter();
