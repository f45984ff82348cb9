import { describe, expect, it } from '@jest/globals';
import { metaPolicy, withPolicyInDocument, withoutScriptHashes } from './document-policy';

const POLICY =
  "default-src 'self';img-src 'self' data: blob:;object-src 'none';base-uri 'self';frame-ancestors 'none'; script-src 'self' 'sha256-abc='; style-src 'self' 'unsafe-inline' ;";

/** A body that arrives in the given pieces, as a streamed render does. */
function streamed(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

function page(pieces: string[], headers: Record<string, string> = {}) {
  return new Response(streamed(pieces), {
    status: 200,
    headers: { 'content-type': 'text/html', 'content-security-policy': POLICY, ...headers },
  });
}

describe('metaPolicy', () => {
  it('keeps every directive a meta can carry, and drops frame-ancestors', () => {
    expect(metaPolicy(POLICY)).toBe(
      "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'unsafe-inline'",
    );
  });
});

describe('withoutScriptHashes', () => {
  it("drops script-src's hashes only, so no inline script runs whatever its text", () => {
    expect(
      withoutScriptHashes(
        "default-src 'self'; script-src 'self' 'sha256-abc=' 'SHA384-def'; style-src 'self' 'sha256-keep='",
      ),
    ).toBe("default-src 'self'; script-src 'self'; style-src 'self' 'sha256-keep='");
  });
});

describe('withPolicyInDocument', () => {
  it('puts the policy right after <meta charset>, before anything else of the page, however the body is cut', async () => {
    const html =
      '<!DOCTYPE html><html lang="ar"><head><meta charset="utf-8"><title>ورّاق</title><script src="/theme-boot.js"></script></head><body></body></html>';
    for (const cut of [1, 30, 49, 50, 51, 60, html.length]) {
      const answer = withPolicyInDocument(page([html.slice(0, cut), html.slice(cut)]));
      const text = await answer.text();
      expect(text).toBe(
        html.replace(
          '<meta charset="utf-8">',
          `<meta charset="utf-8"><meta http-equiv="content-security-policy" content="${metaPolicy(withoutScriptHashes(POLICY))}">`,
        ),
      );
      expect(text).not.toContain('sha256');
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('content-security-policy')).toBe(withoutScriptHashes(POLICY));
      expect(answer.status).toBe(200);
    }
  });

  it('fails a page that has no <meta charset> rather than sending it without its policy', async () => {
    const answer = withPolicyInDocument(page(['<!DOCTYPE html><html><head><title>x</title></head></html>']));
    await expect(answer.text()).rejects.toThrow(/meta charset/);
    const long = withPolicyInDocument(page(['<!DOCTYPE html>', ' '.repeat(5000), '<meta charset="utf-8">']));
    await expect(long.text()).rejects.toThrow(/meta charset/);
  });

  it('leaves answers without a policy, without a body or other than HTML as they are', () => {
    const json = new Response('{}', {
      headers: { 'content-type': 'application/json', 'content-security-policy': POLICY },
    });
    expect(withPolicyInDocument(json)).toBe(json);
    const plain = new Response('<p>', { headers: { 'content-type': 'text/html' } });
    expect(withPolicyInDocument(plain)).toBe(plain);
    const redirect = new Response(null, {
      status: 302,
      headers: { location: '/', 'content-security-policy': POLICY },
    });
    expect(withPolicyInDocument(redirect)).toBe(redirect);
  });
});
