import { NOVEL_IMPORT_MESSAGES } from '@warraq/contracts';
import { NovelTextRejection } from '../novel-text.rejection';

/** The time budget of one import: checked between chunks, entries and parts, so a slow file stops. */
export class Deadline {
  private readonly end: number;

  constructor(
    budgetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.end = now() + budgetMs;
  }

  check(): void {
    if (this.now() > this.end) throw new NovelTextRejection('too_slow', NOVEL_IMPORT_MESSAGES.tooSlow);
  }
}
