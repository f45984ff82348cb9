import { useEffect } from 'react';
import type { ReaderScreen } from '@/lib/content/reader-screens';
import { ReaderImage } from './ReaderImage';

interface VerticalViewProps {
  screens: readonly ReaderScreen[];
  /** The screen now in view: the reading position. */
  onPage: (page: number) => void;
}

/** The vertical mode: every page one under the other; the one in view is the reading position. */
export function VerticalView({ screens, onPage }: VerticalViewProps) {
  useEffect(() => {
    const images = document.querySelectorAll<HTMLElement>('[data-reader-page]');
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) onPage(Number((entry.target as HTMLElement).dataset.readerPage));
        }
      },
      { threshold: 0.5 },
    );
    images.forEach((image) => observer.observe(image));
    return () => observer.disconnect();
  }, [screens, onPage]);

  // The first image is the page's largest paint; the rest load as the reader scrolls near them.
  return screens.map((screen, at) =>
    screen.images.map((item) => (
      <ReaderImage key={item.url} item={item} at={at} load={at === 0 ? 'high' : 'lazy'} paged={false} />
    )),
  );
}
