import {
  hasVisibleText,
  isSceneBreakText,
  NOVEL_IMPORT_LIMITS,
  NOVEL_IMPORT_MESSAGES as M,
  NovelTextBuilder,
  type NovelText,
  startsDialogue,
} from '@warraq/contracts';
import { displayName } from '../../ingest/processing/entry-names';
import { NovelTextRejection } from '../novel-text.rejection';
import { parseInlineMarks } from './inline-marks';

/**
 * Reads a plain-text chapter, the format the demo novels are written in
 * (`database/seeders/novels/<series>/<n>[.<lang>].txt`):
 * - paragraphs are separated by a blank line; a file with no blank line at all has one paragraph
 *   a line. Inside a paragraph, a single line break is a space (hard-wrapped text), except before
 *   a line that opens dialogue, which starts a paragraph of its own;
 * - a line of `* * *` (or `***`, `⁂`, `---`…: see `isSceneBreakText`) is a scene break;
 * - a paragraph opening with «, ", “ or a dash is dialogue;
 * - `*word*` is emphasis, `**word**` strong (`\*` a literal asterisk).
 * UTF-8 with or without a byte-order mark, UTF-16 with one, or Windows-1256 (older Arabic files).
 */
export function importTxt(bytes: Buffer, name: string): NovelText {
  if (bytes.length > NOVEL_IMPORT_LIMITS.maxTxtBytes) {
    throw new NovelTextRejection('file_too_large', M.txtTooLarge, displayName(name));
  }
  const text = decodeText(bytes, name);
  const lines = text.replace(/\u2029/g, '\n\n').split(/\r\n|\r|\n|\u2028/);
  const byBlankLines = lines.some((line) => !hasVisibleText(line));
  const builder = new NovelTextBuilder();
  let open = false;
  const end = () => {
    builder.endParagraph();
    open = false;
  };
  for (const line of lines) {
    if (!hasVisibleText(line)) {
      end();
      continue;
    }
    if (isSceneBreakText(line)) {
      builder.sceneBreak();
      open = false;
      continue;
    }
    if (open && startsDialogue(line)) end();
    if (open) builder.text(' ');
    for (const run of parseInlineMarks(line)) builder.text(run.text, run.marks);
    open = true;
    if (!byBlankLines) end();
  }
  return builder.finish();
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The file's text in its encoding; binary files are refused rather than read as text. */
export function decodeText(bytes: Buffer, name: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return checkedText(new TextDecoder('utf-16le').decode(bytes), name);
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return checkedText(new TextDecoder('utf-16be').decode(bytes), name);
  if (bytes.includes(0))
    throw new NovelTextRejection('not_text', M.notText(displayName(name)), displayName(name));
  const body = UTF8_BOM.every((byte, i) => bytes[i] === byte) ? bytes.subarray(3) : bytes;
  try {
    return checkedText(new TextDecoder('utf-8', { fatal: true }).decode(body), name);
  } catch (error) {
    if (error instanceof NovelTextRejection) throw error;
  }
  // Not UTF-8: Arabic text files saved by older Windows software are in Windows-1256.
  const legacy = new TextDecoder('windows-1256').decode(body);
  if (!/[\u0621-\u064A]/.test(legacy)) {
    throw new NovelTextRejection('encoding', M.encoding(displayName(name)), displayName(name));
  }
  return checkedText(legacy, name);
}

/** Text has few control characters: a file with many is binary (an image, an archive) renamed .txt. */
function checkedText(text: string, name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what tells binary from text
  const controls = text.match(/[\u0000-\u0008\u000E-\u001F\u007F]/g)?.length ?? 0;
  if (controls > 0 && controls * 100 > text.length) {
    throw new NovelTextRejection('not_text', M.notText(displayName(name)), displayName(name));
  }
  return text;
}
