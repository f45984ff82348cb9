/** Every site type of spec §1; the reading sites are the first four after main. */
export const SITE_TYPES = [
  'main',
  'manga',
  'manhua',
  'manhwa',
  'novel',
  'dashboard',
  'admin',
  'app',
  'api',
  'game',
  'cdn1',
  'cdn2',
  'cdn3',
  'cdn4',
  'services',
  'shop',
  'buy',
] as const;
export type SiteType = (typeof SITE_TYPES)[number];

export const READING_SITE_TYPES = ['manga', 'manhua', 'manhwa', 'novel'] as const;
export type ReadingSiteType = (typeof READING_SITE_TYPES)[number];

export function isSiteType(value: unknown): value is SiteType {
  return typeof value === 'string' && (SITE_TYPES as readonly string[]).includes(value);
}

export function isReadingSiteType(value: unknown): value is ReadingSiteType {
  return typeof value === 'string' && (READING_SITE_TYPES as readonly string[]).includes(value);
}
