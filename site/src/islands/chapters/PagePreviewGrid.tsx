import { useState } from 'react';
import { fmt, formatNumber, t } from '@/i18n';
import type { FileEntry } from '@/lib/chapters/chapter-upload-machine';

export interface PagePreviewGridProps {
  files: readonly FileEntry[];
}

/**
 * Spec §2 preview grid of 6 columns (3 on phones, where six would be too small to see), in reading
 * order with the page number on each thumbnail.
 */
export function PagePreviewGrid({ files }: PagePreviewGridProps) {
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const previews = files.filter((entry) => entry.previewUrl);
  if (previews.length === 0) return null;
  return (
    <section aria-labelledby="page-previews" className="flex flex-col gap-2">
      <h3 id="page-previews" className="font-semibold">
        {t.chapterForm.preview.heading}
      </h3>
      <ol className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {previews.map((entry, index) => (
          <li
            key={entry.key}
            className={`relative overflow-hidden rounded-box border bg-base-200 ${
              entry.status === 'error' ? 'border-error' : 'border-base-300'
            }`}
          >
            {broken.has(entry.key) ? (
              // A file the browser cannot draw (the server will say why): its place stays visible.
              <div
                role="img"
                aria-label={fmt(t.chapterForm.preview.alt, { n: index + 1, name: entry.file.name })}
                className="flex aspect-[2/3] w-full items-center justify-center p-1 text-center text-xs text-base-content/60"
              >
                {t.chapterForm.preview.unavailable}
              </div>
            ) : (
              <img
                src={entry.previewUrl ?? undefined}
                alt={fmt(t.chapterForm.preview.alt, { n: index + 1, name: entry.file.name })}
                className="aspect-[2/3] w-full object-cover"
                decoding="async"
                loading="lazy"
                onError={() => setBroken((current) => new Set(current).add(entry.key))}
              />
            )}
            <span className="badge badge-neutral badge-sm absolute start-1 top-1">
              {formatNumber(index + 1)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
