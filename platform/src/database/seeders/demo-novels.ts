import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAPTER_LANGUAGES, type ChapterLanguage } from '@warraq/contracts';

/**
 * The demo novels' chapter texts, kept in the source tree next to this file: the build copies no
 * text files, so the path climbs to `src` from `src/…/seeders` and from `dist/…/seeders` alike.
 */
export const NOVEL_TEXTS_DIR = join(__dirname, '..', '..', '..', 'src', 'database', 'seeders', 'novels');

/** `<number>.txt` is the Arabic chapter; `<number>.<language>.txt` (`1.en.txt`) a variant in another language. */
export const NOVEL_TEXT_FILE = /^(\d+(?:\.\d+)?)(?:\.([a-z]{2}))?\.txt$/;

export interface NovelChapterText {
  number: number;
  language: ChapterLanguage;
  body: string;
}

const isChapterLanguage = (code: string): code is ChapterLanguage =>
  (CHAPTER_LANGUAGES as readonly string[]).includes(code);

/**
 * The chapters written for the novel whose slug is `slug` (its folder's name), by number and then
 * Arabic first; none when it has no folder. A file named for a language chapters cannot have is an
 * error, so a typo fails the seed instead of dropping a chapter.
 */
export function novelChapterTexts(slug: string, dir = NOVEL_TEXTS_DIR): NovelChapterText[] {
  const folder = join(dir, slug);
  if (!existsSync(folder)) return [];
  const texts = readdirSync(folder).flatMap((name): NovelChapterText[] => {
    const match = NOVEL_TEXT_FILE.exec(name);
    if (!match) return [];
    const language = (match[2] ?? 'ar').toUpperCase();
    if (!isChapterLanguage(language))
      throw new Error(`${join(folder, name)}: no chapter language ${language}`);
    const body = readFileSync(join(folder, name), 'utf8').replace(/\r\n?/g, '\n').trim();
    return [{ number: Number(match[1]), language, body }];
  });
  const rank = (language: ChapterLanguage) => (language === 'AR' ? '' : language);
  return texts.sort((a, b) => a.number - b.number || rank(a.language).localeCompare(rank(b.language)));
}
