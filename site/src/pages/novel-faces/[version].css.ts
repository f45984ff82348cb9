// The novel reader's faces as a stylesheet (lib/novel/novel-fonts.ts). Its name carries its content's
// hash, so a copy is good for as long as it is kept; any other name is a 404 rather than another
// build's rules under this build's name.
import type { APIRoute } from 'astro';
import { NOVEL_FACES_CSS, NOVEL_FACES_VERSION } from '@/lib/novel/novel-fonts';

export const GET: APIRoute = ({ params }) => {
  if (params.version !== NOVEL_FACES_VERSION) return new Response(null, { status: 404 });
  return new Response(NOVEL_FACES_CSS, {
    headers: {
      // No charset parameter: the edge's compressors match the bare type (the rules are ASCII).
      'Content-Type': 'text/css',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
};
