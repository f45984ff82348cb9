/**
 * Folds Arabic (and Latin) text to the form search compares: the platform stores this form of every
 * title and applies it to queries, so spelling variants meet.
 * - hamza forms on alef (أ إ آ ٱ) → ا; ى → ي; ة → ه; ؤ → و; ئ → ي
 * - diacritics (tashkeel, superscript alef, Quranic marks) and tatweel removed
 * - Arabic-Indic and Extended Arabic-Indic digits → 0-9
 * - invisible and bidi control characters removed, Latin lower-cased, spaces collapsed
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, '')
    .replace(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF\u061C]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The URL slug of a title (spec §2: lowercase, spaces to hyphens, non-word characters removed), Arabic kept. */
export function slugify(title: string): string {
  return title
    .normalize('NFKC')
    .replace(/[\u064B-\u065F\u0670\u0640\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}-]/gu, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
