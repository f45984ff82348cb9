import { describe, expect, it } from '@jest/globals';
import { COMMENT_MESSAGES } from '@warraq/contracts';
import { ApiError, ApiTimeoutError } from '@/lib/api/api-error';
import { commentFailure } from './comment-errors';

const fail = (error: unknown) =>
  commentFailure(error, COMMENT_MESSAGES.addError, COMMENT_MESSAGES.loginToComment);

describe('commentFailure', () => {
  it("shows the server's own reason for a refusal it explains", () => {
    expect(fail(new ApiError(400, 'بيانات غير صالحة', { text: COMMENT_MESSAGES.tooLong }))).toBe(
      COMMENT_MESSAGES.tooLong,
    );
    expect(fail(new ApiError(403, COMMENT_MESSAGES.notYours))).toBe(COMMENT_MESSAGES.notYours);
    expect(fail(new ApiError(404, COMMENT_MESSAGES.notFound))).toBe(COMMENT_MESSAGES.notFound);
    expect(fail(new ApiError(429, COMMENT_MESSAGES.tooFast))).toBe(COMMENT_MESSAGES.tooFast);
  });

  it('asks to log in when the session is gone', () => {
    expect(fail(new ApiError(401, 'Unauthorized'))).toBe(COMMENT_MESSAGES.loginToComment);
  });

  it("falls back to the action's spec message for faults and lost requests", () => {
    expect(fail(new ApiError(500, 'Internal server error'))).toBe(COMMENT_MESSAGES.addError);
    expect(fail(new ApiError(0, 'network'))).toBe(COMMENT_MESSAGES.addError);
    expect(fail(new ApiTimeoutError())).toBe(COMMENT_MESSAGES.addError);
    expect(fail(new TypeError('boom'))).toBe(COMMENT_MESSAGES.addError);
  });
});
