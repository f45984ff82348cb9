/**
 * Every page carries its own script policy: Astro's Content-Security-Policy (its script hashes, one
 * set per build) goes into the document as a `<meta http-equiv="content-security-policy">`, the
 * first element after `<meta charset>` and so before any script, style or text of the page. The
 * edge can then serve a public document as a plain stored file, with a header policy of its own that
 * never changes (only what a meta cannot carry: `frame-ancestors`), instead of storing each page's
 * headers beside it (bench/README.md, "The series page through the edge"). Browsers enforce both
 * policies, so the header's script hashes are not needed where the meta has them.
 *
 * The header stays on the answer as well: pages the edge does not store keep it, and the edge
 * replaces it with its own on public documents (infra/nginx/routes.conf).
 */

/**
 * The policy without the script hashes Astro lists: hashes of the inline scripts it may write (its
 * island element and hydration directives, small scripts of the pages). The pages write none: those
 * come as files (lib/astro/islands.ts, and astro.config's `assetsInlineLimit` for the rest), so the
 * pages' scripts are allowed from this origin only, and an injected inline script with any text is
 * refused. A page that writes one anyway has it blocked, which the end-to-end tests report.
 */
export function withoutScriptHashes(policy: string): string {
  return policy
    .split(';')
    .map((directive) =>
      /^\s*script-src\b/i.test(directive)
        ? directive.replace(/\s+'sha(?:256|384|512)-[^']*'/gi, '')
        : directive,
    )
    .join(';');
}

/** Directives a policy delivered in a meta element may not hold (the browser ignores them there, and says so). */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** The part of a header policy a meta element can carry. */
export function metaPolicy(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim().replace(/\s+/g, ' '))
    .filter((directive) => directive && !HEADER_ONLY.has(directive.split(' ')[0]!.toLowerCase()))
    .join('; ');
}

/** The meta element after which the policy goes: the layout's first (BaseLayout.astro), as Astro writes it. */
const CHARSET_META = Buffer.from('<meta charset="utf-8">');

/**
 * How far into a document `<meta charset>` may be. It is in the first few hundred bytes of every page
 * (doctype, `<html>` and its attributes, `<head>`); a page without it gets no policy of its own, so
 * its answer fails instead of going out (and being stored by the edge) without one.
 */
const SEARCH_LIMIT = 4096;

/** A stream that passes a document through, with `insert` right after its `<meta charset="utf-8">`. */
export function insertAfterCharset(insert: Uint8Array): TransformStream<Uint8Array, Uint8Array> {
  let head: Buffer | null = Buffer.alloc(0);
  return new TransformStream({
    transform(chunk, controller) {
      if (head === null) {
        controller.enqueue(chunk);
        return;
      }
      const joined = Buffer.concat([head, chunk]);
      const at = joined.indexOf(CHARSET_META);
      if (at >= 0) {
        const end = at + CHARSET_META.length;
        controller.enqueue(joined.subarray(0, end));
        controller.enqueue(insert);
        controller.enqueue(joined.subarray(end));
        head = null;
      } else if (joined.length > SEARCH_LIMIT) {
        controller.error(new Error(`no <meta charset="utf-8"> in the first ${SEARCH_LIMIT} bytes of a page`));
      } else {
        head = joined;
      }
    },
    flush(controller) {
      if (head !== null) controller.error(new Error('a page without <meta charset="utf-8">'));
    },
  });
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The answer with its policy, less the script hashes, in the document (see above) and in its header,
 * marked UTF-8 in its header too; any other answer (no policy, not HTML, no body) as it came.
 */
export function withPolicyInDocument(response: Response): Response {
  const astroPolicy = response.headers.get('content-security-policy');
  const type = response.headers.get('content-type') ?? '';
  if (!astroPolicy || !response.body || !/^text\/html\b/i.test(type)) return response;
  const policy = withoutScriptHashes(astroPolicy);
  const meta = new TextEncoder().encode(
    `<meta http-equiv="content-security-policy" content="${escapeAttribute(metaPolicy(policy))}">`,
  );
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Content-Security-Policy', policy);
  headers.delete('Content-Length');
  return new Response(response.body.pipeThrough(insertAfterCharset(meta)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
