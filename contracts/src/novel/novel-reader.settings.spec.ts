import {
  DEFAULT_NOVEL_READER_SETTINGS,
  NovelReaderSettingsSchema,
  withDefaultNovelReaderSettings,
} from './novel-reader.settings.js';

describe('novel reader settings', () => {
  it('fills what is missing or invalid with the defaults and keeps every valid field', () => {
    expect(withDefaultNovelReaderSettings(undefined)).toEqual(DEFAULT_NOVEL_READER_SETTINGS);
    expect(withDefaultNovelReaderSettings('dark')).toEqual(DEFAULT_NOVEL_READER_SETTINGS);
    expect(
      withDefaultNovelReaderSettings({
        font: 'plex-sans',
        size: 99,
        theme: 'sepia',
        align: 'center',
        extra: 1,
      }),
    ).toEqual({ ...DEFAULT_NOVEL_READER_SETTINGS, font: 'plex-sans', theme: 'sepia' });
  });

  it('refuses unknown fields and out-of-range numbers', () => {
    expect(NovelReaderSettingsSchema.safeParse(DEFAULT_NOVEL_READER_SETTINGS).success).toBe(true);
    expect(
      NovelReaderSettingsSchema.safeParse({ ...DEFAULT_NOVEL_READER_SETTINGS, colour: 'red' }).success,
    ).toBe(false);
    expect(
      NovelReaderSettingsSchema.safeParse({ ...DEFAULT_NOVEL_READER_SETTINGS, width: 100 }).success,
    ).toBe(false);
  });
});
