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

  return screens.map((screen, at) =>
    screen.images.map((item, slice) => (
      <ReaderImage
        key={item.url}
        item={item}
        at={at}
        eager={screen.start + slice < 2}
        paged={false}
        slice={screen.images.length > 1}
      />
    )),
  );
}
