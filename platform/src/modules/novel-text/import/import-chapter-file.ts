import {
  type ChapterLanguage,
  NOVEL_IMPORT_LIMITS,
  NOVEL_IMPORT_MESSAGES as M,
  type NovelText,
} from '@warraq/contracts';
import { looksLikeZip } from '../../ingest/processing/archive-sniff';
import { displayName } from '../../ingest/processing/entry-names';
import { NOVEL_ARCHIVE_LIMITS, type NovelArchiveLimits } from '../novel-import.limits';
import { NovelTextRejection } from '../novel-text.rejection';
import { type PreparedNovelText, prepareNovelText } from '../prepare-novel-text';
import { Deadline } from './deadline';
import { importDocx } from './docx-import';
import { importEpub } from './epub-import';
import { importTxt } from './txt-import';

export interface ImportChapterFileOptions {
  language?: ChapterLanguage;
  limits?: NovelArchiveLimits;
  /** Defaults to the limits' time budget from now. */
  deadline?: Deadline;
}

/** The first bytes of a Word 97–2003 document (an OLE compound file). */
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * A chapter file (.txt, .docx or .epub) turned into text ready to store. The type comes from the
 * name and must match the bytes; the size is checked before anything is parsed, and everything
 * after runs within the limits and the time budget. Refusals are {@link NovelTextRejection}s.
 */
export async function importChapterFile(
  file: { name: string; bytes: Buffer },
  { language = 'AR', limits = NOVEL_ARCHIVE_LIMITS, deadline }: ImportChapterFileOptions = {},
): Promise<PreparedNovelText> {
  return prepareNovelText(
    await readChapterFile(file, limits, deadline ?? new Deadline(limits.budgetMs)),
    language,
  );
}

async function readChapterFile(
  { name, bytes }: { name: string; bytes: Buffer },
  limits: NovelArchiveLimits,
  deadline: Deadline,
): Promise<NovelText> {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const shown = displayName(name);
  const isOle = OLE_SIGNATURE.every((byte, i) => bytes[i] === byte);
  if (extension === 'doc' || (extension === 'docx' && isOle)) {
    throw new NovelTextRejection('legacy_doc', M.legacyDoc, shown);
  }
  if (extension === 'txt') {
    if (looksLikeZip(bytes.subarray(0, 4))) throw new NovelTextRejection('not_text', M.notText(shown), shown);
    return importTxt(bytes, name);
  }
  if (extension !== 'docx' && extension !== 'epub') {
    throw new NovelTextRejection('unsupported_type', M.unsupportedType, shown);
  }
  if (bytes.length > NOVEL_IMPORT_LIMITS.maxArchiveBytes) {
    throw new NovelTextRejection('file_too_large', M.archiveFileTooLarge, shown);
  }
  if (!looksLikeZip(bytes.subarray(0, 4))) {
    throw extension === 'docx'
      ? new NovelTextRejection('not_a_docx', M.notADocx(shown), shown)
      : new NovelTextRejection('not_an_epub', M.notAnEpub(shown), shown);
  }
  return extension === 'docx'
    ? importDocx(bytes, name, limits, deadline)
    : importEpub(bytes, name, limits, deadline);
}
