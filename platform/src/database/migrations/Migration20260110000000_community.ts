import { Migration } from '@mikro-orm/migrations';

/** Comments with likes, and the points ledger (issue 6). */
export class Migration20260110000000_community extends Migration {
  override name = 'Migration20260110000000_community';

  override up(): void {
    // `root_id` is the thread's top-level comment (its own id for a top-level one), so a page of
    // threads is fetched with its replies in one indexed query.
    this.addSql(`
      create table "comment" (
        "id" serial primary key,
        "series_id" int not null references "series" ("id") on update cascade on delete cascade,
        "chapter_id" int null references "chapter" ("id") on update cascade on delete cascade,
        "parent_id" int null references "comment" ("id") on update cascade on delete cascade,
        "root_id" int null references "comment" ("id") on update cascade on delete cascade,
        "user_id" int null references "user" ("id") on update cascade on delete set null,
        "text" varchar(2000) not null,
        "like_count" int not null default 0,
        "edited_at" timestamptz null,
        "deleted_at" timestamptz null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(
      `create index "comment_series_top_index" on "comment" ("series_id", "created_at" desc, "id" desc) where "parent_id" is null and "chapter_id" is null;`,
    );
    this.addSql(
      `create index "comment_chapter_top_index" on "comment" ("chapter_id", "created_at" desc, "id" desc) where "parent_id" is null;`,
    );
    this.addSql(`create index "comment_root_index" on "comment" ("root_id");`);
    this.addSql(`create index "comment_parent_index" on "comment" ("parent_id");`);
    this.addSql(`create index "comment_user_index" on "comment" ("user_id", "created_at" desc);`);

    this.addSql(`
      create table "comment_like" (
        "comment_id" int not null references "comment" ("id") on update cascade on delete cascade,
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "created_at" timestamptz not null default now(),
        primary key ("comment_id", "user_id")
      );`);
    this.addSql(`create index "comment_like_user_index" on "comment_like" ("user_id", "created_at" desc);`);

    this.addSql(`alter table "chapter" add column "comment_count" int not null default 0;`);

    // Every change of a user's points; "user".points is kept equal to their sum. `event_key` names the
    // contribution an automatic award is for, so processing it twice records it once.
    this.addSql(`
      create table "points_entry" (
        "id" serial primary key,
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "amount" int not null,
        "type" varchar(8) not null,
        "service" varchar(50) not null,
        "description" varchar(500) not null,
        "event_key" varchar(200) null,
        "awarded_by" int null references "user" ("id") on update cascade on delete set null,
        "created_at" timestamptz not null default now(),
        constraint "points_entry_amount_check" check ("amount" <> 0),
        constraint "points_entry_type_check" check (("type" = 'earned' and "amount" > 0) or ("type" = 'spent' and "amount" < 0))
      );`);
    this.addSql(`create unique index "points_entry_event_unique" on "points_entry" ("event_key");`);
    this.addSql(`create index "points_entry_user_index" on "points_entry" ("user_id", "created_at" desc, "id" desc);`);
  }

  override down(): void {
    this.addSql(`drop table if exists "points_entry";`);
    this.addSql(`alter table "chapter" drop column if exists "comment_count";`);
    this.addSql(`drop table if exists "comment_like";`);
    this.addSql(`drop table if exists "comment";`);
  }
}
