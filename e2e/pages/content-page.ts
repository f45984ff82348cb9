import { expect, type Locator, type Page } from '@playwright/test';
import { edge, type Site } from '../fixtures/stack';

export type ContentTabLabel = 'طلبات معلقة' | 'المحتوى المقبول' | 'المحتوى المرفوض';
export type ContentActionLabel = 'قبول' | 'رفض' | 'حذف';

const DIALOG_TITLES: Record<ContentActionLabel, string> = {
  قبول: 'قبول المحتوى',
  رفض: 'رفض المحتوى',
  حذف: 'حذف المحتوى',
};

/** The content-management page (spec §2), driven by its Arabic labels. */
export class ContentPage {
  readonly pendingBadge: Locator;
  readonly searchBox: Locator;

  constructor(private readonly page: Page) {
    this.pendingBadge = page.getByTestId('pending-badge');
    this.searchBox = page.getByRole('searchbox', { name: 'البحث في المحتوى' });
  }

  async goto(site: Site = 'dashboard', query = '') {
    await this.page.goto(edge.url(site, `/content${query}`));
    await expect(this.page.getByRole('heading', { name: 'إدارة المحتوى', level: 1 })).toBeVisible();
    // Hydrated: the pending badge comes from the API.
    await expect(this.pendingBadge).toBeVisible();
  }

  tab(label: ContentTabLabel): Locator {
    return this.page.getByRole('tab', { name: label });
  }

  /** The visible row (table, or card on a phone) of the item with this title. */
  row(title: string): Locator {
    return this.page.getByRole('tabpanel').locator('tr').filter({ hasText: title }).filter({ visible: true });
  }

  async search(text: string) {
    await this.searchBox.fill(text);
  }

  dialog(action: ContentActionLabel): Locator {
    return this.page.getByRole('dialog', { name: DIALOG_TITLES[action] });
  }

  /** Opens the action's dialog from the row's button. */
  async open(title: string, action: ContentActionLabel): Promise<Locator> {
    await this.row(title)
      .getByRole('button', { name: `${action}: ${title}` })
      .click();
    const dialog = this.dialog(action);
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Opens the action's dialog for the row, fills its field when given, and confirms. */
  async act(title: string, action: ContentActionLabel, field?: { label: string; value: string }) {
    const dialog = await this.open(title, action);
    if (field) await dialog.getByLabel(field.label).fill(field.value);
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}
