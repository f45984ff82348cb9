import { NOVEL_TEXT_LIMITS } from '@warraq/contracts';

const MiB = 1024 * 1024;

/**
 * What importing one .docx or .epub may cost, checked before and while it is read. Only the few XML
 * parts holding the text are ever inflated; pictures, fonts and styles beyond them are listed, never
 * read. The upload limits (file size by type) come from the contracts, so the form and the worker
 * refuse the same files.
 */
export const NOVEL_ARCHIVE_LIMITS = {
  /** Central-directory records: a long EPUB has a few hundred parts. */
  maxEntries: 2000,
  /** One XML part, inflated: a 45,000-word chapter's document.xml, with Word's markup, stays under it. */
  maxPartBytes: 16 * MiB,
  /** Every part read, inflated, together. */
  maxReadBytes: 48 * MiB,
  /** Every part of the archive, by its declared inflated size: pictures included, a bomb not. */
  maxTotalBytes: 256 * MiB,
  /** XML deflates 5–20×; a part shrunk more than this is not a document. Small parts are exempt. */
  maxRatio: 200,
  ratioExemptBytes: 1 * MiB,
  /** Element nesting in one XML part (real documents nest a few dozen deep). */
  maxXmlDepth: 256,
  /** Text characters collected before reading stops: twice what could be stored, for the whitespace dropped. */
  maxTextChars: NOVEL_TEXT_LIMITS.maxTextBytes * 2,
  /** Wall-clock time for one file, from opening to the last paragraph. */
  budgetMs: 10_000,
} as const;
export type NovelArchiveLimits = { readonly [K in keyof typeof NOVEL_ARCHIVE_LIMITS]: number };
