/** Series types: the spec's four reading sites. */
export const SERIES_TYPES = ['manga', 'manhua', 'manhwa', 'novel'] as const;
export type SeriesType = (typeof SERIES_TYPES)[number];

/** Publication status of a work (spec §2 add-manga form: مستمر، مكتمل، متوقف). */
export const SERIES_STATUSES = ['ongoing', 'completed', 'stopped'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];
export const SERIES_STATUS_LABELS: Record<SeriesStatus, string> = {
  ongoing: 'مستمر',
  completed: 'مكتمل',
  stopped: 'متوقف',
};

export const ORIGINS = ['japan', 'korea', 'china', 'other'] as const;
export type Origin = (typeof ORIGINS)[number];
export const ORIGIN_LABELS: Record<Origin, string> = {
  japan: 'اليابان',
  korea: 'كوريا (مانهوا)',
  china: 'الصين (مانها)',
  other: 'أخرى',
};

/**
 * Spec §2 add-manga form: Japan (default), Korea (manhwa), China (manhua), other. Manhwa are Korean and
 * manhua Chinese by definition, so those two types take only their country; a manga may also come
 * from elsewhere, and a novel from anywhere.
 */
export const TYPE_ORIGINS: Record<SeriesType, readonly Origin[]> = {
  manga: ['japan', 'other'],
  manhua: ['china'],
  manhwa: ['korea'],
  novel: ORIGINS,
};

/** The origin a type's add form starts on, and the one a body without an origin gets. */
export function defaultOrigin(type: SeriesType): Origin {
  return type === 'novel' ? 'other' : (TYPE_ORIGINS[type][0] ?? 'other');
}

/** Moderation: only approved content is public (spec §4). */
export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** Chapter languages of the add-chapter form (spec §5), AR by default. */
export const CHAPTER_LANGUAGES = ['AR', 'EN', 'JP', 'KO', 'ZH', 'FR', 'ID'] as const;
export type ChapterLanguage = (typeof CHAPTER_LANGUAGES)[number];
/** A chapter's language unless its uploader names another: the site's own. */
export const DEFAULT_CHAPTER_LANGUAGE: ChapterLanguage = 'AR';

/**
 * Each chapter language's Arabic name: a Latin code («EN») would be English in the Arabic interface.
 * One list for the site's pickers and badges and the platform's notifications.
 */
export const CHAPTER_LANGUAGE_NAMES: Readonly<Record<ChapterLanguage, string>> = {
  AR: 'العربية',
  EN: 'الإنجليزية',
  JP: 'اليابانية',
  KO: 'الكورية',
  ZH: 'الصينية',
  FR: 'الفرنسية',
  ID: 'الإندونيسية',
};

/** A chapter language's Arabic name («EN» → «الإنجليزية»), any case; a code the list lacks stays a code. */
export function chapterLanguageName(language: string): string {
  const code = language.toUpperCase();
  return (CHAPTER_LANGUAGE_NAMES as Record<string, string>)[code] ?? code;
}

/**
 * What a label adds to tell a chapter's variant by its language: its name when it is not the site's
 * own (one number can come out in several languages), nothing for an Arabic chapter or none at all.
 */
export function otherLanguageName(language: string | null): string | null {
  return language === null || language.toUpperCase() === DEFAULT_CHAPTER_LANGUAGE
    ? null
    : chapterLanguageName(language);
}

/** Genres offered as the list page's category filter (spec §2 manga list page). */
export const CATEGORIES = ['action', 'adventure', 'comedy', 'drama', 'fantasy', 'romance'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SORTS = ['latest', 'oldest', 'az', 'za', 'rating', 'popular'] as const;
export type SeriesSort = (typeof SORTS)[number];

/** Reading modes of the reader; the default depends on the series type. */
export const READING_MODES = ['vertical', 'paged-rtl', 'paged-ltr'] as const;
export type ReadingMode = (typeof READING_MODES)[number];
export function defaultReadingMode(type: SeriesType): ReadingMode {
  return type === 'manga' ? 'paged-rtl' : 'vertical';
}

export const CONTENT_LIMITS = {
  listLimitDefault: 20,
  listLimitMax: 50,
  mangaListPageSize: 10,
  mangaListPageSlots: 5,
  homeGridSize: 6,
  chapterGroupsStep: 10,
  titleMin: 3,
  titleMax: 200,
  descriptionMin: 20,
  descriptionMax: 5000,
  authorMin: 2,
  authorMax: 120,
  tagsMax: 20,
  tagMax: 40,
  altTitlesMax: 20,
  ratingMin: 1,
  ratingMax: 10,
} as const;
