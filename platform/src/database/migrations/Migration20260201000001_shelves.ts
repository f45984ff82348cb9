import { Migration } from '@mikro-orm/migrations';

/** Reading-list shelves (issue 14): one shelf per reader and series. */
export class Migration20260201000001_shelves extends Migration {
  override name = 'Migration20260201000001_shelves';

  override up(): void {
    this.addSql(`
      create table "series_shelf" (
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "series_id" int not null references "series" ("id") on update cascade on delete cascade,
        "shelf" varchar(16) not null,
        "updated_at" timestamptz not null default now(),
        constraint "series_shelf_pkey" primary key ("user_id", "series_id"),
        constraint "series_shelf_shelf_check" check ("shelf" in ('reading', 'plan', 'completed', 'on_hold', 'dropped'))
      );`);
    this.addSql(
      `create index "series_shelf_user_index" on "series_shelf" ("user_id", "shelf", "updated_at" desc);`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "series_shelf";`);
  }
}
