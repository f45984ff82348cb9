import { expect, type Locator, type Page } from '@playwright/test';

export type ReadingModeLabel = 'شريط عمودي' | 'صفحات من اليمين لليسار' | 'صفحات من اليسار لليمين';

/** The chapter reader (spec §2 Chapter reader), driven the way a reader does: keys and buttons. */
export class ReaderPage {
  readonly heading: Locator;
  readonly pageCounter: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.pageCounter = page.getByTestId('reader-page');
  }

  root(): Locator {
    return this.page.locator('[data-reading-mode]');
  }

  /**
   * Waits until the reader island has hydrated (Astro drops `ssr` from the island then) and, on a
   * public document, until the page state has made it the reader's own (`<html data-page-state>`).
   */
  async ready() {
    await expect(this.page.locator('html:not([data-page-state="pending"])')).toHaveCount(1);
    await expect(this.page.locator('astro-island:not([ssr]) [data-reading-mode]')).toBeVisible();
  }

  /** Records layout shifts from the first paint of every page (read with {@link layoutShift}). */
  static async trackLayoutShift(page: Page) {
    await page.addInitScript(() => {
      const scope = window as unknown as { __layoutShift: number };
      scope.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) scope.__layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  }

  layoutShift(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
  }

  async chooseMode(label: ReadingModeLabel) {
    await this.ready();
    await this.page.getByRole('combobox', { name: 'طريقة القراءة' }).selectOption({ label });
  }

  /** The chapter number in the URL (/series/manga/{slug}/{n}). */
  chapterInUrl(): string {
    return new URL(this.page.url()).pathname.split('/').at(-1) ?? '';
  }

  /** Turns every page of a paged chapter with a key, then once more into the next chapter. */
  async readPagedChapter(key: 'ArrowLeft' | 'ArrowRight') {
    await this.ready();
    const before = this.chapterInUrl();
    await expect(this.pageCounter).toHaveText(/^صفحة ١ من [٠-٩]+$/);
    const counter = (await this.pageCounter.textContent()) ?? '';
    // The counter is written in Arabic-Indic digits (the default numerals).
    const arabic = (n: number) => new Intl.NumberFormat('ar-SA-u-nu-arab', { useGrouping: false }).format(n);
    const western = (text: string) =>
      text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
    const total = Number(western(/من ([\u0660-\u0669]+)/.exec(counter)?.[1] ?? '0'));
    expect(total, 'the chapter has pages').toBeGreaterThan(0);
    for (let current = 1; current <= total; current += 1) {
      await expect(this.pageCounter).toHaveText(`صفحة ${arabic(current)} من ${arabic(total)}`);
      // Paged modes keep every screen in the HTML; the one shown is the only one visible.
      const image = this.page.locator('img[data-reader-page]:visible');
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
      await this.page.keyboard.press(key);
    }
    await this.page.waitForURL((url) => url.pathname.split('/').at(-1) !== before);
  }

  /** Scrolls a vertical chapter to its end with the keyboard, then moves to the chapter after it. */
  async readVerticalChapter() {
    await this.ready();
    await expect(this.root()).toHaveAttribute('data-reading-mode', 'vertical');
    const before = this.chapterInUrl();
    const pages = this.page.locator('img[data-reader-page]');
    expect(await pages.count()).toBeGreaterThan(0);
    await this.page.keyboard.press('End');
    await expect(pages.last()).toBeInViewport();
    await this.page.keyboard.press('ArrowLeft');
    await this.page.waitForURL((url) => url.pathname.split('/').at(-1) !== before);
  }
}
