/** A chapter link with `__N__` for the chapter number, as the server writes it for the browser. */
export const CHAPTER_PLACEHOLDER = '__N__';

/**
 * A chapter's link from a pattern the server wrote (its site, its `?subdomain=`), with the number
 * filled in and `params` (a page, a variant) added to its query.
 */
export function chapterHrefFrom(
  pattern: string,
  chapterNumber: number,
  params: Record<string, string>,
): string {
  const url = new URL(pattern.replace(CHAPTER_PLACEHOLDER, String(chapterNumber)), 'http://warraq.invalid');
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}
