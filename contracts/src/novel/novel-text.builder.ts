import { hasVisibleText, isSceneBreakText, startsDialogue } from './novel-text.rules.js';
import type { NovelText } from './novel-text.schemas.js';
import { NOVEL_TEXT_VERSION, type NovelBlock, type NovelRun } from './novel-text.structure.js';

export interface RunMarks {
  emphasis: boolean;
  strong: boolean;
}
export const PLAIN: RunMarks = { emphasis: false, strong: false };

/**
 * Collects text with its marks into blocks, as a converter walks a document: `text()` appends to the
 * open paragraph, `endParagraph()` closes it, `sceneBreak()` adds one. A closed paragraph is
 * classified by the shared rules: nothing visible → dropped; a scene-break line (`* * *`) → a scene
 * break; opening with a quotation mark or dash → dialogue. Used by every importer and by paste, so
 * all of them read a document the same way; the result is normalised afterwards.
 */
export class NovelTextBuilder {
  private readonly blocks: NovelBlock[] = [];
  private runs: NovelRun[] = [];
  private openText = '';
  /** Characters taken in so far, for converters that stop reading past a limit. */
  size = 0;

  text(text: string, marks: RunMarks = PLAIN): void {
    if (text.length === 0) return;
    this.size += text.length;
    this.openText += text;
    const last = this.runs[this.runs.length - 1];
    if (last && !!last.emphasis === marks.emphasis && !!last.strong === marks.strong) {
      last.text += text;
      return;
    }
    const run: NovelRun = { text };
    if (marks.emphasis) run.emphasis = true;
    if (marks.strong) run.strong = true;
    this.runs.push(run);
  }

  endParagraph(): void {
    const { runs, openText } = this;
    this.runs = [];
    this.openText = '';
    if (!hasVisibleText(openText)) return;
    if (isSceneBreakText(openText)) this.sceneBreak();
    else this.blocks.push({ type: startsDialogue(openText) ? 'dialogue' : 'paragraph', runs });
  }

  sceneBreak(): void {
    this.endParagraph();
    this.blocks.push({ type: 'scene-break' });
  }

  /** The blocks so far (an open paragraph is closed first). */
  finish(): NovelText {
    this.endParagraph();
    return { version: NOVEL_TEXT_VERSION, blocks: this.blocks };
  }
}
