import type { Page } from '@playwright/test';

/** A reading site's header search (spec §2 Manga header): it opens /search over every type. */
export class MangaHeader {
  constructor(private readonly page: Page) {}

  async search(text: string) {
    const box = this.page.getByRole('searchbox', { name: 'ابحث في كل الأعمال' });
    await box.fill(text);
    await box.press('Enter');
    await this.page.waitForURL(/\/search\?.*q=/);
  }
}
