import { z } from 'zod';
import { CreateChapterUploadBodySchema } from '../ingest/ingest.schemas.js';
import { NOVEL_TEXT_LIMITS } from './novel-text.constants.js';
import { NOVEL_TEXT_MESSAGES as M, type NovelTextFailureCode } from './novel-text.messages.js';
import { NOVEL_TEXT_VERSION, NovelBlockSchema, type NovelBlock } from './novel-text.structure.js';
import { codePointLength, hasVisibleText, utf8ByteLength } from './novel-text.rules.js';

export interface NovelLimitIssue {
  code: Extract<
    NovelTextFailureCode,
    'text_empty' | 'text_too_long' | 'too_many_blocks' | 'paragraph_too_long' | 'too_many_runs'
  >;
  message: string;
  path: (string | number)[];
}

/**
 * What breaks the limits of {@link NOVEL_TEXT_LIMITS} (or is empty), at most one issue of each kind.
 * The API runs it on what was submitted and again on the normalised text it stores.
 */
export function novelTextLimitIssues(blocks: readonly NovelBlock[]): NovelLimitIssue[] {
  const L = NOVEL_TEXT_LIMITS;
  if (blocks.length > L.maxBlocks) {
    return [{ code: 'too_many_blocks', message: M.tooManyBlocks, path: ['blocks'] }];
  }
  const issues: NovelLimitIssue[] = [];
  let bytes = 0;
  let runs = 0;
  let visible = false;
  for (const [index, block] of blocks.entries()) {
    if (block.type === 'scene-break') continue;
    if (block.runs.length > L.maxRunsPerBlock && !issues.some((i) => i.code === 'too_many_runs')) {
      issues.push({ code: 'too_many_runs', message: M.tooManyRuns, path: ['blocks', index, 'runs'] });
    }
    runs += block.runs.length;
    let chars = 0;
    for (const run of block.runs) {
      bytes += utf8ByteLength(run.text);
      chars += codePointLength(run.text);
      visible ||= hasVisibleText(run.text);
    }
    if (chars > L.maxParagraphChars && !issues.some((i) => i.code === 'paragraph_too_long')) {
      issues.push({
        code: 'paragraph_too_long',
        message: M.paragraphTooLong(index + 1),
        path: ['blocks', index],
      });
    }
  }
  if (bytes > L.maxTextBytes) issues.unshift({ code: 'text_too_long', message: M.tooLong, path: ['blocks'] });
  else if (!visible) issues.unshift({ code: 'text_empty', message: M.empty, path: ['blocks'] });
  if (runs > L.maxRuns && !issues.some((i) => i.code === 'too_many_runs')) {
    issues.push({ code: 'too_many_runs', message: M.tooManyRuns, path: ['blocks'] });
  }
  return issues;
}

/** A text chapter's body: the structure above, within the limits, with something to read. */
export const NovelTextSchema = z
  .strictObject(
    {
      version: z.literal(NOVEL_TEXT_VERSION, { error: M.invalidStructure }),
      blocks: z.array(NovelBlockSchema, { error: M.invalidStructure }),
    },
    { error: M.invalidStructure },
  )
  .superRefine(({ blocks }, ctx) => {
    for (const issue of novelTextLimitIssues(blocks)) {
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: issue.path,
        params: { code: issue.code },
      });
    }
  });
export type NovelText = z.infer<typeof NovelTextSchema>;

/**
 * A novel chapter written in the editor, pasted or imported in the browser and submitted as
 * structure: the add-chapter fields of an image chapter, with the text in place of files.
 */
export const TextChapterBodySchema = CreateChapterUploadBodySchema.pick({
  chapterNumber: true,
  title: true,
  language: true,
  translationGroup: true,
  notes: true,
}).extend({
  seriesId: z.coerce.number({ error: M.novelRequired }).int().positive(M.novelRequired),
  text: NovelTextSchema,
});
export type TextChapterBody = z.input<typeof TextChapterBodySchema>;
export type TextChapterInput = z.output<typeof TextChapterBodySchema>;
