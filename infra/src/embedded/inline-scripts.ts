import { createHash } from 'node:crypto';
import fs from 'node:fs';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source of each inline script of a page ('sha256-…'), hashed as the browser hashes it: the exact text between the tags. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}

/**
 * The inline-script hashes of the built index.html, read again only when the file changes
 * (a rebuild while the app runs); none while it is not built.
 */
export function inlineScriptsOf(indexHtml: string): () => string {
  let seen: { mtimeMs: number; sources: string } | null = null;
  return () => {
    const stat = fs.statSync(indexHtml, { throwIfNoEntry: false });
    if (!stat) return '';
    if (seen?.mtimeMs !== stat.mtimeMs)
      seen = { mtimeMs: stat.mtimeMs, sources: inlineScriptHashes(fs.readFileSync(indexHtml, 'utf8')).join(' ') };
    return seen.sources;
  };
}
