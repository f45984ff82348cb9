import { mkdtempSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slugify } from '@warraq/contracts';
import { importTxt } from '../../modules/novel-text/import/txt-import';
import { prepareNovelText } from '../../modules/novel-text/prepare-novel-text';
import { DEMO_CATALOGUE } from './demo-catalogue';
import { NOVEL_TEXT_FILE, NOVEL_TEXTS_DIR, novelChapterTexts } from './demo-novels';

const novelSlugs = DEMO_CATALOGUE.filter((s) => s.type === 'novel').map((s) => slugify(s.title));
const folders = readdirSync(NOVEL_TEXTS_DIR).filter((name) =>
  statSync(join(NOVEL_TEXTS_DIR, name)).isDirectory(),
);
const chapters = folders.flatMap((slug) => novelChapterTexts(slug).map((text) => ({ slug, ...text })));

/** The problems of a chapter text against the format the later text importer reads (novels/README.md). */
function formatProblems(body: string): string[] {
  const problems: string[] = [];
  body.split('\n\n').forEach((paragraph, i) => {
    const at = `paragraph ${i + 1} «${paragraph.slice(0, 30)}»`;
    if (paragraph.includes('\n')) problems.push(`${at}: a line break inside, or more than one blank line`);
    if (paragraph !== paragraph.trim() || paragraph === '') problems.push(`${at}: blank or padded`);
    if (paragraph === '* * *') return;
    if (paragraph.startsWith('«') && !paragraph.endsWith('»'))
      problems.push(`${at}: dialogue not closed by »`);
    if (paragraph.replace(/\*[^*\s](?:[^*]*[^*\s])?\*/g, '').includes('*'))
      problems.push(`${at}: an asterisk that does not mark *emphasis*`);
    if (/[<>#_[\]`|~]/.test(paragraph)) problems.push(`${at}: markup`);
    if (/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/.test(paragraph))
      problems.push(`${at}: a bidi or zero-width control`);
  });
  return problems;
}

describe('the demo novels’ chapter texts', () => {
  it('are in folders named for catalogue novels (the slug the seeder derives)', () => {
    expect(folders.length).toBeGreaterThan(0);
    for (const slug of folders) expect(novelSlugs).toContain(slug);
  });

  it('hold only chapter files, chapters 1, 2 and 3 in Arabic for every novel', () => {
    for (const slug of folders) {
      for (const name of readdirSync(join(NOVEL_TEXTS_DIR, slug))) expect(name).toMatch(NOVEL_TEXT_FILE);
      const arabic = novelChapterTexts(slug).filter((c) => c.language === 'AR');
      expect({ slug, numbers: arabic.map((c) => c.number) }).toEqual({ slug, numbers: [1, 2, 3] });
    }
  });

  it('are at least 2,500 words each, counted as the product counts the chapter the seeder imports', () => {
    // The seeder stores each chapter through the .txt importer, so this is the count readers are shown.
    const short = chapters
      .map(({ slug, number, language, body }) => {
        const { words } = prepareNovelText(importTxt(Buffer.from(body, 'utf8'), `${number}.txt`), language);
        return { slug, number, language, words };
      })
      .filter(({ words }) => words < 2500);
    expect(short).toEqual([]);
  });

  it('keep the format: paragraphs, dialogue in « », *emphasis*, * * * breaks and nothing else', () => {
    for (const { slug, number, language, body } of chapters) {
      expect({ slug, number, language, problems: formatProblems(body) }).toEqual({
        slug,
        number,
        language,
        problems: [],
      });
    }
  });

  it('have a variant in a second language for at least one novel, next to its Arabic chapter', () => {
    const variants = chapters.filter((c) => c.language !== 'AR');
    expect(variants.length).toBeGreaterThan(0);
    for (const variant of variants) {
      expect(
        chapters.some((c) => c.slug === variant.slug && c.number === variant.number && c.language === 'AR'),
      ).toBe(true);
    }
  });
});

describe('novelChapterTexts', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'novels-'));
    mkdirSync(join(dir, 'رواية'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a folder’s chapters by number, Arabic before its variants, with line endings normalised', () => {
    writeFileSync(join(dir, 'رواية', '2.txt'), 'الثاني\r\n\r\nفقرة\n');
    writeFileSync(join(dir, 'رواية', '1.en.txt'), 'First\n');
    writeFileSync(join(dir, 'رواية', '1.txt'), 'الأول\n');
    writeFileSync(join(dir, 'رواية', 'notes.md'), 'not a chapter');
    expect(novelChapterTexts('رواية', dir)).toEqual([
      { number: 1, language: 'AR', body: 'الأول' },
      { number: 1, language: 'EN', body: 'First' },
      { number: 2, language: 'AR', body: 'الثاني\n\nفقرة' },
    ]);
  });

  it('has no chapters for a novel without a folder', () => {
    expect(novelChapterTexts('لا-توجد', dir)).toEqual([]);
  });

  it('refuses a variant in a language chapters cannot have', () => {
    writeFileSync(join(dir, 'رواية', '1.xx.txt'), 'nope');
    expect(() => novelChapterTexts('رواية', dir)).toThrow(/no chapter language XX/);
  });
});
