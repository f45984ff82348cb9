import { NOTIFICATION_TEXTS } from './notification.schemas.js';

describe('a new chapter’s notification', () => {
  it('names the variant, so one number from two languages or groups never reads alike', () => {
    expect(NOTIFICATION_TEXTS.newChapterBody('الأكاديمية', 3, { language: 'AR', group: null })).toBe(
      'صدر الفصل ٣ من «الأكاديمية».',
    );
    expect(NOTIFICATION_TEXTS.newChapterBody('الأكاديمية', 3, { language: 'AR', group: 'فريق الفجر' })).toBe(
      'صدر الفصل ٣ من «الأكاديمية» (فريق الفجر).',
    );
    expect(NOTIFICATION_TEXTS.newChapterBody('الأكاديمية', 3.5, { language: 'EN', group: 'Night Owl' })).toBe(
      'صدر الفصل ٣٫٥ من «الأكاديمية» (الإنجليزية · Night Owl).',
    );
    expect(NOTIFICATION_TEXTS.newChapterBody('الأكاديمية', 1, { language: 'ko', group: null })).toBe(
      'صدر الفصل ١ من «الأكاديمية» (الكورية).',
    );
  });
});
