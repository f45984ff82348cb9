import { expect, type Locator, type Page } from '@playwright/test';
import { edge } from '../fixtures/stack';

export type UploadMethodLabel = 'صور' | 'ملف مضغوط';

/** Every value a progress bar showed, in order, recorded in the page as it changed. */
export interface ProgressLog {
  upload: number[];
  processing: number[];
  /** Per file, by the bar's label ('تقدم رفع {name}'). */
  files: Record<string, number[]>;
}

/** The add-chapter form (spec §2), driven by its Arabic labels. */
export class ChapterFormPage {
  readonly chapterNumber: Locator;
  readonly title: Locator;
  readonly pageCount: Locator;
  readonly submit: Locator;
  readonly uploadBar: Locator;
  readonly processingBar: Locator;
  readonly fileList: Locator;
  readonly previews: Locator;
  private readonly log: ProgressLog = { upload: [], processing: [], files: {} };

  constructor(private readonly page: Page) {
    this.chapterNumber = page.getByLabel('رقم الفصل');
    this.title = page.getByLabel('عنوان الفصل');
    this.pageCount = page.getByLabel('عدد الصفحات');
    this.submit = page.getByRole('button', { name: 'إضافة الفصل' });
    this.uploadBar = page.getByRole('progressbar', { name: 'تقدم الرفع', exact: true });
    this.processingBar = page.getByRole('progressbar', { name: 'تقدم المعالجة', exact: true });
    this.fileList = page.getByRole('list', { name: 'الملفات المختارة' });
    this.previews = page.getByRole('region', { name: 'معاينة الصفحات' }).getByRole('img');
  }

  async goto(query = '') {
    await this.page.goto(edge.url('manga', `/create/chapter${query}`));
    await this.ready();
  }

  /** Waits until the form island has hydrated (Astro drops `ssr` from the island then). */
  async ready() {
    await expect(this.page.locator('astro-island:not([ssr]) form')).toBeVisible();
    await expect(this.submit).toBeEnabled();
  }

  mangaSelect(): Locator {
    return this.page.getByRole('combobox', { name: 'المانجا', exact: true });
  }

  async chooseMethod(label: UploadMethodLabel) {
    await this.page.getByRole('radio', { name: label }).check();
  }

  fileInput(method: UploadMethodLabel): Locator {
    return this.page.getByLabel(method === 'ملف مضغوط' ? 'اختر ملفًا مضغوطًا' : 'اختر صور الصفحات');
  }

  fileRow(name: string): Locator {
    return this.fileList.getByRole('listitem').filter({ hasText: name });
  }

  /** Slows uploads to this many bytes a second (Chromium's own throttling), so progress can be seen. */
  async throttleUploads(bytesPerSecond: number) {
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    });
    return async () => {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
    };
  }

  /**
   * Records every value the progress bars take from now on. The values reach the test through a
   * binding, so they survive the navigation to the chapter that ends the flow.
   */
  async recordProgress(): Promise<ProgressLog> {
    await this.page.exposeFunction('__recordProgress', (label: string, value: number) => {
      const list =
        label === 'تقدم الرفع'
          ? this.log.upload
          : label === 'تقدم المعالجة'
            ? this.log.processing
            : (this.log.files[label] ??= []);
      if (list.at(-1) !== value) list.push(value);
    });
    await this.page.evaluate(() => {
      const report = (window as unknown as { __recordProgress: (label: string, value: number) => void })
        .__recordProgress;
      const record = () => {
        for (const bar of document.querySelectorAll('progress[aria-label][value]')) {
          report(bar.getAttribute('aria-label') ?? '', Number(bar.getAttribute('value')));
        }
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['value'],
      });
    });
    return this.log;
  }
}
