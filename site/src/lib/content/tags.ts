import { t } from '@/i18n';

const KNOWN_TAGS: Readonly<Record<string, string>> = t.tags;

/**
 * A tag as the Arabic interface names it (issue 15): the known tags (the seed's and the common genres)
 * from the catalogue, whatever their case; a tag someone wrote themselves is shown as written.
 */
export function tagLabel(tag: string): string {
  return KNOWN_TAGS[tag.trim().toLowerCase()] ?? tag;
}
