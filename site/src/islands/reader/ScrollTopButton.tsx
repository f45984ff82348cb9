import { useEffect, useState } from 'react';
import { t } from '@/i18n';

const SHOW_AFTER_PX = 300;

/** Back to the top, once the reader has scrolled a screenful or so down. */
export function ScrollTopButton() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const handleScroll = () => setShown(window.scrollY > SHOW_AFTER_PX);
    handleScroll();
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="btn btn-circle btn-primary fixed end-4 bottom-4 z-30 shadow-lg"
      aria-label={t.reader.scrollTop}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}
