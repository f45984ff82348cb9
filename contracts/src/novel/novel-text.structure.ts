import { z } from 'zod';
import { NOVEL_TEXT_MESSAGES as M } from './novel-text.messages.js';

/**
 * A text chapter, as the API accepts it and the database stores it: a list of blocks, each a
 * paragraph, a line of dialogue or a scene break; paragraphs hold runs of plain text, each plain,
 * emphasised, strong or both. Nothing else exists in it: no HTML, no links, no styles, no
 * attributes. Text is text: `<b>` in a run is four characters, shown as such.
 *
 *   { version: 1, blocks: [
 *       { type: 'paragraph', runs: [{ text: 'كان الليل ' }, { text: 'طويلًا', emphasis: true }] },
 *       { type: 'scene-break' },
 *       { type: 'dialogue', runs: [{ text: '«من هناك؟»' }] } ] }
 *
 * Every object is strict (an unknown key is refused), so what is stored is exactly what the reader
 * renders. Stored documents have been normalised (platform `novel-text` module): no empty runs, no
 * `emphasis: false`, no bidi or zero-width controls.
 */
export const NOVEL_TEXT_VERSION = 1;

/** Every refusal inside the structure (a wrong type, an unknown key) reads the same, in Arabic. */
const invalid = { error: M.invalidStructure };

export const NovelRunSchema = z.strictObject(
  {
    text: z.string(invalid),
    emphasis: z.boolean(invalid).optional(),
    strong: z.boolean(invalid).optional(),
  },
  invalid,
);
export type NovelRun = z.infer<typeof NovelRunSchema>;

export const NOVEL_BLOCK_TYPES = ['paragraph', 'dialogue', 'scene-break'] as const;
export type NovelBlockType = (typeof NOVEL_BLOCK_TYPES)[number];

const TextBlockFields = { runs: z.array(NovelRunSchema, invalid) };
export const NovelBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('paragraph'), ...TextBlockFields }, invalid),
    z.strictObject({ type: z.literal('dialogue'), ...TextBlockFields }, invalid),
    z.strictObject({ type: z.literal('scene-break') }, invalid),
  ],
  invalid,
);
export type NovelBlock = z.infer<typeof NovelBlockSchema>;
export type NovelTextBlock = Extract<NovelBlock, { runs: NovelRun[] }>;

/**
 * A stored text chapter as the API returns it: the structure alone, without the submission limits
 * (what is stored was checked when it was written). Kept apart from the limits so the content
 * schemas can name it without importing the submission schemas, which import them.
 */
export const NovelDocumentSchema = z.strictObject({
  version: z.literal(NOVEL_TEXT_VERSION),
  blocks: z.array(NovelBlockSchema),
});
export type NovelDocument = z.infer<typeof NovelDocumentSchema>;
