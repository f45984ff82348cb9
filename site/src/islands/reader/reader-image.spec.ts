import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ChapterPage } from '@warraq/contracts';
import { ReaderImage } from './ReaderImage';

const page = (avif: ChapterPage['avif']): ChapterPage => ({
  url: '/media/p.webp',
  width: 900,
  height: 1350,
  source: 0,
  renditions: [
    { width: 600, url: '/media/s.webp' },
    { width: 900, url: '/media/p.webp' },
  ],
  avif,
});

const render = (item: ChapterPage) =>
  renderToStaticMarkup(createElement(ReaderImage, { item, at: 0, load: 'high', paged: false }));

describe('ReaderImage', () => {
  it('offers the AVIF copies first, as an image/avif source with the same sizes, once the page has them', () => {
    const html = render(
      page([
        { width: 600, url: '/media/s.avif' },
        { width: 900, url: '/media/p.webp' },
      ]),
    );
    expect(html).toMatch(
      /^<picture class="contents"><source type="image\/avif" srcSet="\/media\/s.avif 600w, \/media\/p.webp 900w" sizes="[^"]+"\/><img /,
    );
    expect(html).toContain('srcSet="/media/s.webp 600w, /media/p.webp 900w"');
    expect(html).toMatch(/<\/picture>$/);
    // No preload of the WebP beside it, which an AVIF-capable browser would fetch for nothing.
    expect(html).not.toContain('rel="preload"');
  });

  it('is the plain image while the page has no AVIF copy', () => {
    const html = render(page([]));
    expect(html).not.toContain('<picture');
    expect(html).not.toContain('avif');
    expect(html).toContain('<img src="/media/p.webp" srcSet="/media/s.webp 600w, /media/p.webp 900w"');
  });
});
