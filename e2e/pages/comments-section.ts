import { expect, type Locator, type Page } from '@playwright/test';

/** The comments island (reader and series tab), driven by its labels the way a reader uses it. */
export class CommentsSection {
  readonly root: Locator;
  readonly count: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('comments');
    this.count = page.getByTestId('comments-count');
  }

  /** Scrolls to the section (it hydrates when visible) and waits for the island and its list. */
  async ready() {
    await this.root.scrollIntoViewIfNeeded();
    await expect(this.page.locator('astro-island:not([ssr]) [data-testid="comments"]')).toBeVisible();
    await expect(this.count).toBeVisible();
  }

  /** One comment's own box (its replies sit outside it), found by its text. */
  comment(text: string): Locator {
    return this.root.locator('article').filter({ hasText: text });
  }

  /** The id of the comment with this text (its anchor is `#comment-<id>`). */
  async idOf(text: string): Promise<string> {
    const id = await this.root
      .locator('li[data-comment-id]')
      .filter({ has: this.page.locator(':scope > article', { hasText: text }) })
      .getAttribute('data-comment-id');
    expect(id).toMatch(/^\d+$/);
    return id!;
  }

  async add(text: string) {
    await this.root.getByRole('textbox', { name: 'نص التعليق', exact: true }).fill(text);
    await this.root.getByRole('button', { name: 'إرسال' }).click();
    await expect(this.page.getByText('تمت إضافة التعليق بنجاح').first()).toBeVisible();
    await expect(this.comment(text)).toBeVisible();
  }

  async reply(to: string, text: string) {
    await this.comment(to).getByRole('button', { name: 'رد', exact: true }).click();
    const replyBox = { name: /^نص الرد على / };
    const box = this.root.getByRole('textbox', replyBox);
    await box.fill(text);
    // `has` matches inside each form, so its locator starts from the page, not from the section.
    const form = this.root.locator('form').filter({ has: this.page.getByRole('textbox', replyBox) });
    await form.getByRole('button', { name: 'إرسال' }).click();
    await expect(this.page.getByText('تمت إضافة التعليق بنجاح').first()).toBeVisible();
    await expect(box).toBeHidden();
  }

  likeButton(text: string): Locator {
    return this.comment(text).getByTestId('comment-like');
  }

  likes(text: string): Locator {
    return this.comment(text).getByTestId('comment-likes');
  }
}
