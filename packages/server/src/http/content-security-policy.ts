/**
 * The Content-Security-Policy of the studio's HTML: everything from this origin only, connections to
 * this origin plus the API and sign-in origins a hosted studio names (CSP_CONNECT_ORIGINS), no inline
 * script except the ones index.html holds, each allowed by its hash, and no framing by other sites
 * (partners embed the elements, never the studio's pages).
 */
import { createHash } from 'node:crypto';

/** Script types a browser runs (an absent or empty type is JavaScript); ld+json and the like are data. */
const RUNNABLE_TYPE = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i;

/** `'sha256-…'` sources of the inline scripts a browser would run in this HTML. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUNNABLE_TYPE.test(type.trim())) continue;
    const digest = createHash('sha256')
      .update(match[2] ?? '', 'utf8')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

export interface StudioPolicyOptions {
  /** Origins the pages may call besides their own (ServerConfig.cspConnectOrigins). */
  connectOrigins: readonly string[];
  /** Hash sources of index.html's inline scripts (inlineScriptHashes). */
  scriptHashes: readonly string[];
}

export function studioContentSecurityPolicy({ connectOrigins, scriptHashes }: StudioPolicyOptions): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'"],
    // data: for inline SVG icons in stylesheets, blob: for previews of files the user picked.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectOrigins],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}
