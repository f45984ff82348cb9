import { Migration } from '@mikro-orm/migrations';

/**
 * The novel reader resumes at a paragraph (issue 13): reading progress keeps the index of the text
 * chapter's topmost visible block next to the page; null for image chapters and older rows.
 */
export class Migration20261125200000_reading_paragraph extends Migration {
  override name = 'Migration20261125200000_reading_paragraph';

  override async up(): Promise<void> {
    await this.execute(`alter table "reading_progress" add column "paragraph" integer null;`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "reading_progress" drop column "paragraph";`);
  }
}
