import type { Page } from '@playwright/test';

/** The manga site's header search (spec §2 Manga sidebar and header). */
export class MangaHeader {
  constructor(private readonly page: Page) {}

  async search(text: string) {
    const box = this.page.getByRole('searchbox', { name: 'ابحث عن مانجا' });
    await box.fill(text);
    await box.press('Enter');
    await this.page.waitForURL(/\/series\/manga\?.*search=/);
  }
}
