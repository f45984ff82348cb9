import type { RunMarks } from '@warraq/contracts';

export interface MarkedText {
  text: string;
  marks: RunMarks;
}

interface Token {
  text: string;
  /** Asterisks that may open or close a mark (their count: 1 emphasis, 2 strong, 3 both). */
  delimiter?: { length: number; canOpen: boolean; canClose: boolean };
  emphasis: number;
  strong: number;
}

const DIGIT = /\p{N}/u;

/**
 * The marks of a plain-text line, as writers type them: `*word*` emphasis, `**word**` strong,
 * `***word***` both, `\*` a literal asterisk. A mark opens before a non-space and closes after one;
 * it may sit inside a word (Arabic joins و، ف، ب، ل to the next word: `و*كان*`), but never between
 * digits (`2*3*4` stays as typed); an asterisk with no partner is kept as text.
 */
export function parseInlineMarks(line: string): MarkedText[] {
  const tokens: Token[] = [];
  const pattern = /\\\*|\*+/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    const at = match.index;
    if (at > last) tokens.push({ text: line.slice(last, at), emphasis: 0, strong: 0 });
    last = at + match[0].length;
    if (match[0] === '\\*') {
      tokens.push({ text: '*', emphasis: 0, strong: 0 });
      continue;
    }
    const before = line[at - 1];
    const after = line[last];
    const length = match[0].length;
    tokens.push({
      text: match[0],
      emphasis: 0,
      strong: 0,
      delimiter:
        length <= 3
          ? {
              length,
              canOpen: after !== undefined && !/\s/.test(after) && !DIGIT.test(before ?? ''),
              canClose: before !== undefined && !/\s/.test(before) && !DIGIT.test(after ?? ''),
            }
          : undefined,
    });
  }
  if (last < line.length) tokens.push({ text: line.slice(last), emphasis: 0, strong: 0 });

  const open: number[] = [];
  for (const [index, token] of tokens.entries()) {
    const delimiter = token.delimiter;
    if (!delimiter) continue;
    const opener = delimiter.canClose
      ? open.findLastIndex((i) => tokens[i]?.delimiter?.length === delimiter.length)
      : -1;
    if (opener >= 0) {
      const start = open[opener] ?? 0;
      open.length = opener;
      for (let i = start + 1; i < index; i++) {
        const inner = tokens[i];
        if (!inner) continue;
        if (delimiter.length !== 2) inner.emphasis++;
        if (delimiter.length >= 2) inner.strong++;
      }
      const startToken = tokens[start];
      if (startToken) startToken.text = '';
      token.text = '';
    } else if (delimiter.canOpen) {
      open.push(index);
    }
  }

  const runs: MarkedText[] = [];
  for (const token of tokens) {
    if (token.text === '') continue;
    const marks = { emphasis: token.emphasis > 0, strong: token.strong > 0 };
    const previous = runs[runs.length - 1];
    if (previous && previous.marks.emphasis === marks.emphasis && previous.marks.strong === marks.strong) {
      previous.text += token.text;
    } else runs.push({ text: token.text, marks });
  }
  return runs;
}
