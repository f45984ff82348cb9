import { Migration } from '@mikro-orm/migrations';

/**
 * New works of followed users (issue 14): an approved series waits in `series_fanout` for the same
 * per-series fan-out job as its chapters, and a `follow` notification names its series, at most one
 * per reader and series: the unique index is what makes a repeated fan-out add nothing.
 */
export class Migration20261127000000_series_fanout extends Migration {
  override name = 'Migration20261127000000_series_fanout';

  override up(): void {
    this.addSql(`
      create table "series_fanout" (
        "series_id" int primary key references "series" ("id") on update cascade on delete cascade,
        "queued_at" timestamptz not null default now()
      );`);
    this.addSql(
      `alter table "notification" add column "series_id" int null references "series" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create unique index "notification_user_series_unique" on "notification" ("user_id", "series_id") where "series_id" is not null;`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "notification_user_series_unique";`);
    this.addSql(`alter table "notification" drop column if exists "series_id";`);
    this.addSql(`drop table if exists "series_fanout";`);
  }
}
