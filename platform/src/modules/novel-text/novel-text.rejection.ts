import type { NovelTextFailure, NovelTextFailureCode } from '@warraq/contracts';

/**
 * A text chapter or chapter file that cannot be accepted (empty, over a limit, hostile, corrupt):
 * trying again cannot help, so the API answers 400 and the worker fails the import for good, both
 * with `message` for the author. Any other error is the server's and is retried.
 */
export class NovelTextRejection extends Error {
  constructor(
    readonly code: NovelTextFailureCode,
    message: string,
    /** The file or archive part at fault, sanitized for display, when one is. */
    readonly file: string | null = null,
  ) {
    super(message);
    this.name = 'NovelTextRejection';
  }

  toFailure(): NovelTextFailure {
    return { code: this.code, message: this.message, file: this.file };
  }
}
