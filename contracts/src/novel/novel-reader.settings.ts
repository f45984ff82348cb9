import { z } from 'zod';
import { arabicNumber } from '../common/arabic-number.js';
import {
  NOVEL_READER_ALIGNS,
  NOVEL_READER_FONTS,
  NOVEL_READER_LIMITS,
  NOVEL_READER_THEMES,
} from './novel-reader.constants.js';

/**
 * The novel reader's settings (issue 13): kept in the user's preferences on the server, in the
 * browser for guests, and applied as CSS custom properties on the chapter's article.
 */
const L = NOVEL_READER_LIMITS;

export const NovelReaderSettingsSchema = z.strictObject({
  font: z.enum(NOVEL_READER_FONTS, { error: 'خط غير متاح' }),
  size: z
    .number({ error: 'حجم الخط رقم' })
    .int('حجم الخط عدد صحيح')
    .min(L.sizeMin, `أصغر حجم للخط ${arabicNumber(L.sizeMin)}`)
    .max(L.sizeMax, `أكبر حجم للخط ${arabicNumber(L.sizeMax)}`),
  lineHeight: z
    .number({ error: 'تباعد الأسطر رقم' })
    .min(L.lineHeightMin, `أقل تباعد للأسطر ${arabicNumber(L.lineHeightMin)}`)
    .max(L.lineHeightMax, `أكبر تباعد للأسطر ${arabicNumber(L.lineHeightMax)}`),
  width: z
    .number({ error: 'عرض السطر رقم' })
    .int('عرض السطر عدد صحيح')
    .min(L.widthMin, `أقل عرض للسطر ${arabicNumber(L.widthMin)}`)
    .max(L.widthMax, `أكبر عرض للسطر ${arabicNumber(L.widthMax)}`),
  theme: z.enum(NOVEL_READER_THEMES, { error: 'مظهر القراءة فاتح أو بني أو داكن' }),
  align: z.enum(NOVEL_READER_ALIGNS, { error: 'محاذاة النص مضبوطة أو إلى البداية' }),
});
export type NovelReaderSettings = z.infer<typeof NovelReaderSettingsSchema>;
export type NovelReaderFont = NovelReaderSettings['font'];
export type NovelReaderTheme = NovelReaderSettings['theme'];

export const DEFAULT_NOVEL_READER_SETTINGS: NovelReaderSettings = {
  font: 'amiri',
  size: 20,
  lineHeight: 2,
  width: 36,
  theme: 'light',
  align: 'justify',
};

/** Stored settings (possibly from an older shape, or a guest's browser) with every field valid. */
export function withDefaultNovelReaderSettings(stored: unknown): NovelReaderSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_NOVEL_READER_SETTINGS };
  if (stored && typeof stored === 'object') {
    const fields = NovelReaderSettingsSchema.shape;
    for (const [key, value] of Object.entries(stored)) {
      if (key in fields && fields[key as keyof typeof fields].safeParse(value).success) merged[key] = value;
    }
  }
  return merged as NovelReaderSettings;
}
