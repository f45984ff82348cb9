import { Migration } from '@mikro-orm/migrations';

/**
 * Pages are stored at several widths (issue 15): `page.renditions` lists the narrower copies of each
 * image as `[{ width, key }]`. The collector asks "does any page name this key?" before each delete,
 * so the copies' keys are indexed for containment like `media_key` is.
 */
export class Migration20260126000000_page_renditions extends Migration {
  override name = 'Migration20260126000000_page_renditions';

  override up(): void {
    this.addSql(`alter table "page" add column "renditions" jsonb not null default '[]';`);
    this.addSql(
      `create index if not exists "page_renditions_index" on "page" using gin ("renditions" jsonb_path_ops);`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "page_renditions_index";`);
    this.addSql(`alter table "page" drop column if exists "renditions";`);
  }
}
