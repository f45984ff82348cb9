import { Migration } from '@mikro-orm/migrations';

/**
 * Covers are stored at narrower widths too (issue 15): `series.cover_renditions` lists them as
 * `[{ width, key }]`, made from the stored cover when the series takes it. The collector asks "does
 * any series name this key?" before each delete, so the copies' keys are indexed for containment like
 * the pages' are.
 */
export class Migration20261128000000_cover_renditions extends Migration {
  override name = 'Migration20261128000000_cover_renditions';

  override up(): void {
    this.addSql(`alter table "series" add column "cover_renditions" jsonb not null default '[]';`);
    this.addSql(
      `create index if not exists "series_cover_renditions_index" on "series" using gin ("cover_renditions" jsonb_path_ops);`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "series_cover_renditions_index";`);
    this.addSql(`alter table "series" drop column if exists "cover_renditions";`);
  }
}
