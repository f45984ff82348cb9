import { Migration } from '@mikro-orm/migrations';

/** Profile figures count a signed-in reader's distinct chapters viewed (issue 6). */
export class Migration20260111000000_profile extends Migration {
  override name = 'Migration20260111000000_profile';

  override up(): void {
    this.addSql(`create index "chapter_view_viewer_index" on "chapter_view" ("viewer", "chapter_id");`);
  }

  override down(): void {
    this.addSql(`drop index if exists "chapter_view_viewer_index";`);
  }
}
