import {
  isSceneBreakText,
  NOVEL_TEXT_VERSION,
  type NovelBlock,
  type NovelRun,
  type NovelText,
} from '@warraq/contracts';

/**
 * What the server stores of any text chapter, however it arrived (editor, paste, import):
 * - every bidi embedding, override, isolate and mark, zero-width and control character removed
 *   (they make text display as other text); the zero-width non-joiner is kept between two letters
 *   and the joiner between two emoji, the only places they change what is shown;
 * - NFC, so the same words are the same code points (NFKC would rewrite Arabic ligatures such as ﷺ);
 * - whitespace of every kind one space, none at the ends of a paragraph, none before ، ؛ ؟ or inside
 *   « »; Latin , ; ? right after an Arabic word become ، ؛ ؟ and straight or curly double quotes
 *   in an Arabic paragraph become « » when they pair up;
 * - empty runs and paragraphs dropped, runs of the same marks merged, marks on bare spaces dropped;
 *   a paragraph that is a scene-break line becomes a scene break; scene breaks never lead, trail or
 *   repeat.
 * HTML needs nothing here: text is stored as text and rendered as text.
 */
export function normalizeNovelText(text: NovelText): NovelText {
  const blocks: NovelBlock[] = [];
  for (const block of text.blocks) {
    const previous = blocks[blocks.length - 1];
    if (block.type === 'scene-break') {
      if (previous && previous.type !== 'scene-break') blocks.push({ type: 'scene-break' });
      continue;
    }
    const runs = normalizeRuns(block.runs);
    if (runs.length === 0) continue;
    if (isSceneBreakText(runs.map((run) => run.text).join(''))) {
      if (previous && previous.type !== 'scene-break') blocks.push({ type: 'scene-break' });
      continue;
    }
    blocks.push({ type: block.type, runs });
  }
  if (blocks[blocks.length - 1]?.type === 'scene-break') blocks.pop();
  return { version: NOVEL_TEXT_VERSION, blocks };
}

const EMPHASIS = 1;
const STRONG = 2;

/** A paragraph as one string with the marks of each UTF-16 unit beside it. */
interface Marked {
  text: string;
  marks: number[];
}

export function normalizeRuns(runs: readonly NovelRun[]): NovelRun[] {
  let marked: Marked = { text: '', marks: [] };
  for (const run of runs) {
    const text = run.text.normalize('NFC');
    const mark = (run.emphasis ? EMPHASIS : 0) | (run.strong ? STRONG : 0);
    marked.text += text;
    for (let i = 0; i < text.length; i++) marked.marks.push(mark);
  }
  marked = keep(marked, isShown);
  marked = replace(marked, /[\s\u2028\u2029]/gu, () => ' ');
  marked = keep(marked, (text, i) => text[i] !== ' ' || (i > 0 && text[i - 1] !== ' '));
  marked = arabicPunctuation(marked);
  marked = arabicQuotes(marked);
  marked = keep(marked, (text, i) => !isSpaceToDrop(text, i));
  return toRuns(marked);
}

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const LETTER = /\p{L}/u;
const PICTOGRAPH = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
/** Arabic-script characters that are format characters yet visible: number signs and the end of ayah. */
const VISIBLE_FORMAT = /[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2]/u;

function charBefore(text: string, i: number): string {
  const code = text.charCodeAt(i - 1);
  if (i >= 2 && code >= 0xdc00 && code <= 0xdfff) return text.slice(i - 2, i);
  return text[i - 1] ?? '';
}

function charAfter(text: string, i: number): string {
  return String.fromCodePoint(text.codePointAt(i + 1) ?? 0x20);
}

/** Whether the unit at `i` may stay: not a control or format character (see above for the exceptions). */
function isShown(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  // Printable ASCII and the Arabic letters and diacritics: most of any chapter, decided at once.
  if ((code >= 0x20 && code < 0x7f) || (code >= 0x0621 && code <= 0x065f)) return true;
  const char = text[i] ?? '';
  // A lone surrogate shows as a replacement box; a pair is judged by its code point.
  if (code >= 0xd800 && code <= 0xdfff) {
    const high = code <= 0xdbff;
    const partner = text.charCodeAt(high ? i + 1 : i - 1);
    const paired = high ? partner >= 0xdc00 && partner <= 0xdfff : partner >= 0xd800 && partner <= 0xdbff;
    if (!paired) return false;
    const point = text.codePointAt(high ? i : i - 1) ?? 0;
    return !/\p{Cf}/u.test(String.fromCodePoint(point));
  }
  if (/[\t\n\r\f\v]/.test(char)) return true;
  if (char === '\u200C') return LETTER.test(charBefore(text, i)) && LETTER.test(charAfter(text, i));
  if (char === '\u200D') return PICTOGRAPH.test(charBefore(text, i)) && PICTOGRAPH.test(charAfter(text, i));
  if (VISIBLE_FORMAT.test(char)) return true;
  return !/[\p{Cc}\p{Cf}\uFFF9-\uFFFB]/u.test(char);
}

/** Spaces that typography drops: at the ends, before Arabic punctuation, inside guillemets. */
function isSpaceToDrop(text: string, i: number): boolean {
  if (text[i] !== ' ') return false;
  if (i === 0 || i === text.length - 1) return true;
  const next = text[i + 1] ?? '';
  const previous = text[i - 1] ?? '';
  return '،؛؟»'.includes(next) || previous === '«';
}

/** `,` `;` `?` right after an Arabic word (a space between allowed) are the Arabic ، ؛ ؟. */
function arabicPunctuation(marked: Marked): Marked {
  return replace(marked, /[,;?]/g, (text, i) => {
    let before = i - 1;
    while (text[before] === ' ') before--;
    if (!ARABIC_LETTER.test(text[before] ?? '')) return null;
    return text[i] === ',' ? '،' : text[i] === ';' ? '؛' : '؟';
  });
}

/**
 * Double quotes in an Arabic paragraph are guillemets: opening « and closing » in turn, when they
 * pair up (an odd count is left as typed rather than guessed).
 */
function arabicQuotes(marked: Marked): Marked {
  if (!ARABIC_LETTER.test(marked.text)) return marked;
  const quotes = marked.text.match(/["“”]/g)?.length ?? 0;
  if (quotes === 0 || quotes % 2 === 1) return marked;
  let open = false;
  return replace(marked, /["“”]/g, () => {
    open = !open;
    return open ? '«' : '»';
  });
}

/** Replaces single units matched by `pattern` (null keeps the unit); lengths and marks stay aligned. */
function replace(marked: Marked, pattern: RegExp, by: (text: string, i: number) => string | null): Marked {
  const text = marked.text.replace(pattern, (match: string, offset: number) => {
    const replacement = match.length === 1 ? by(marked.text, offset) : null;
    return replacement ?? match;
  });
  return { text, marks: marked.marks };
}

function keep(marked: Marked, test: (text: string, i: number) => boolean): Marked {
  let text = '';
  const marks: number[] = [];
  for (let i = 0; i < marked.text.length; i++) {
    if (!test(marked.text, i)) continue;
    text += marked.text[i];
    marks.push(marked.marks[i] ?? 0);
  }
  return { text, marks };
}

function toRuns({ text, marks }: Marked): NovelRun[] {
  const runs: NovelRun[] = [];
  let current: { text: string; mark: number } | null = null;
  const flush = () => {
    if (!current) return;
    const run: NovelRun = { text: current.text };
    if (current.text.trim() !== '') {
      if (current.mark & EMPHASIS) run.emphasis = true;
      if (current.mark & STRONG) run.strong = true;
    }
    const last = runs[runs.length - 1];
    if (last && !!last.emphasis === !!run.emphasis && !!last.strong === !!run.strong) last.text += run.text;
    else runs.push(run);
  };
  for (let i = 0; i < text.length; i++) {
    const mark = marks[i] ?? 0;
    if (current && current.mark === mark) current.text += text[i];
    else {
      flush();
      current = { text: text[i] ?? '', mark };
    }
  }
  flush();
  return runs;
}
