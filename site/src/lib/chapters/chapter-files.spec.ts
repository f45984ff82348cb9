import { describe, expect, it } from '@jest/globals';
import { applyPick, compareNames, declaredType, pageCountOf, type FileLike } from './chapter-files';

const MB = 1024 * 1024;
const image = (name: string, size = 200_000, type = 'image/png'): FileLike => ({ name, size, type });
const zip = (name = 'chapter.zip', size = 4 * MB, type = 'application/zip'): FileLike => ({
  name,
  size,
  type,
});

describe('picking images (spec §5 Files)', () => {
  it('keeps the list in reading order: 2 before 10, Arabic-Indic digits too', () => {
    const { files, problem } = applyPick('images', [], [image('10.png'), image('2.png'), image('1.jpg')]);
    expect(problem).toBeNull();
    expect(files.map((file) => file.name)).toEqual(['1.jpg', '2.png', '10.png']);
    expect(['ص١٠.webp', 'ص٢.webp'].sort(compareNames)).toEqual(['ص٢.webp', 'ص١٠.webp']);
  });

  it('refuses files that are not JPG, PNG or WebP with the spec toast, keeping the good ones', () => {
    const { files, problem } = applyPick(
      'images',
      [],
      [image('1.png'), image('notes.txt', 10, 'text/plain'), image('anim.gif', 10, 'image/gif')],
    );
    expect(files.map((file) => file.name)).toEqual(['1.png']);
    expect(problem?.title).toBe('ملفات غير صالحة');
    expect(problem?.description).toContain('notes.txt');
    expect(problem?.description).toContain('anim.gif');
  });

  it('refuses an image over 10 MB', () => {
    const { files, problem } = applyPick('images', [], [image('big.jpg', 10 * MB + 1, 'image/jpeg')]);
    expect(files).toEqual([]);
    expect(problem).toEqual({
      title: 'ملفات غير صالحة',
      description: 'حجم الصورة يتجاوز ١٠ ميغابايت (big.jpg)',
    });
  });

  it('accepts 300 images and refuses the pick that would make 301', () => {
    const current = Array.from({ length: 299 }, (_, i) => image(`${i + 1}.png`));
    expect(applyPick('images', current, [image('300.png')]).files).toHaveLength(300);
    const full = applyPick('images', current, [image('300.png')]).files;
    const over = applyPick('images', full, [image('301.png')]);
    expect(over.files).toHaveLength(300);
    expect(over.problem?.title).toBe('عدد كبير من الملفات');
  });

  it('replaces a file picked again under the same name instead of adding a page', () => {
    const first = image('1.png', 100);
    const again = image('1.png', 999);
    const { files } = applyPick('images', [first, image('2.png')], [again]);
    expect(files).toHaveLength(2);
    expect(files[0]).toBe(again);
  });
});

describe('picking a zip', () => {
  it('takes exactly one .zip, replacing the one chosen before', () => {
    const before = zip('old.zip');
    const after = zip('new.zip', MB, 'application/x-zip-compressed');
    expect(applyPick('zip', [before], [after])).toEqual({ files: [after], problem: null });
  });

  it('refuses images in zip mode, two zips at once and a zip over 100 MB', () => {
    expect(applyPick('zip', [], [image('1.png')]).problem?.title).toBe('ملفات غير صالحة');
    expect(applyPick('zip', [], [zip('a.zip'), zip('b.zip')]).problem).toEqual({
      title: 'عدد كبير من الملفات',
      description: 'عدد كبير من الملفات: ملف ZIP واحد فقط',
    });
    expect(applyPick('zip', [], [zip('huge.zip', 100 * MB + 1)]).problem?.description).toBe(
      'حجم ملف ZIP يتجاوز ١٠٠ ميغابايت',
    );
  });

  it('declares a type the contract knows whatever the browser reported', () => {
    expect(declaredType('zip', zip('c.zip', 10, 'application/x-zip'))).toBe('application/zip');
    expect(declaredType('zip', zip('c.zip', 10, ''))).toBe('application/zip');
    expect(declaredType('images', image('p.JPG', 10, ''))).toBe('image/jpeg');
  });
});

describe('page count (spec §5)', () => {
  it('estimates a zip at 100 KB a page, rounded up, at least 1', () => {
    expect(pageCountOf('zip', [{ size: 4_000_000, failed: false }], null)).toBe(40);
    expect(pageCountOf('zip', [{ size: 10, failed: false }], null)).toBe(1);
  });

  it('counts the images not refused', () => {
    expect(
      pageCountOf(
        'images',
        [
          { size: 1, failed: false },
          { size: 1, failed: true },
          { size: 1, failed: false },
        ],
        null,
      ),
    ).toBe(2);
  });

  it('shows the real total once processing knows it', () => {
    expect(pageCountOf('zip', [{ size: 4_000_000, failed: false }], 37)).toBe(37);
  });
});
