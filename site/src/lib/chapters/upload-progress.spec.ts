import { describe, expect, it } from '@jest/globals';
import type { ChapterUpload } from '@warraq/contracts';
import { bytesFraction, processingFraction, supersedes, toPercent } from './upload-progress';

const base: ChapterUpload = {
  id: '7b0d7c3e-5d0c-4a51-9a0e-0c3d6f1f2a11',
  state: 'processing',
  uploadMethod: 'zip',
  mangaId: 4,
  mangaSlug: 'one-piece',
  chapterNumber: 12,
  language: 'AR',
  files: [],
  processed: 10,
  total: 40,
  chapterId: null,
  chapterPath: null,
  failure: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:05.000Z',
};

describe('which status is shown', () => {
  it('takes a newer status and ignores a late older one', () => {
    const newer = { ...base, processed: 12, updatedAt: '2025-01-01T00:00:06.000Z' };
    expect(supersedes(newer, base)).toBe(true);
    expect(supersedes(base, newer)).toBe(false);
  });

  it('at the same time, takes the one further along', () => {
    expect(supersedes({ ...base, state: 'done' }, base)).toBe(true);
    expect(supersedes({ ...base, processed: 9 }, base)).toBe(false);
  });

  it('ignores another upload’s status', () => {
    expect(supersedes({ ...base, id: '00000000-0000-4000-8000-000000000000', processed: 40 }, base)).toBe(
      false,
    );
  });
});

describe('progress', () => {
  it('is processed over total, full when done, unknown until the total is', () => {
    expect(processingFraction(base)).toBe(0.25);
    expect(processingFraction({ ...base, total: null })).toBeNull();
    expect(processingFraction({ ...base, state: 'done', total: null })).toBe(1);
  });

  it('weights each file’s bytes by its size', () => {
    expect(
      bytesFraction([
        { size: 300, progress: 1 },
        { size: 100, progress: 0 },
      ]),
    ).toBe(0.75);
    expect(bytesFraction([])).toBe(0);
  });

  it('reaches 100 only when complete', () => {
    expect(toPercent(0.999)).toBe(99);
    expect(toPercent(1)).toBe(100);
  });
});
