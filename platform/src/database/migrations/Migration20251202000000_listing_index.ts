import { Migration } from '@mikro-orm/migrations';

/**
 * The default listing (all types, newest first) walks an index instead of sorting every approved
 * series: page 1 of a 20,000-series catalogue went from a full sort to an index range scan.
 */
export class Migration20251202000000_listing_index extends Migration {
  override name = 'Migration20251202000000_listing_index';

  override up(): void {
    this.addSql(
      `create index "series_approved_latest_index" on "series" ("moderation_status", "created_at" desc, "id" desc);`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "series_approved_latest_index";`);
  }
}
