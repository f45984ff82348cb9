/**
 * Spec §5 search: the reading sites' header forms (layouts/MangaLayout.astro) submit only a non-empty
 * trimmed text (their pattern already blocks blanks). Started by the layout's script on every page.
 */
export function startSearchForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-manga-search]')) {
    form.addEventListener('submit', (event) => {
      const input = form.elements.namedItem('q');
      if (!(input instanceof HTMLInputElement)) return;
      input.value = input.value.trim();
      if (!input.value) event.preventDefault();
    });
  }
}
