import { Migration } from '@mikro-orm/migrations';

/**
 * The community page (issue 14): admins' announcements and the one-row rules table, plus the
 * indexes its weekly "popular" views read: comments and favourites by the time they were made.
 */
export class Migration20261125300000_community_page extends Migration {
  override name = 'Migration20261125300000_community_page';

  override up(): void {
    this.addSql(`
      create table "announcement" (
        "id" serial primary key,
        "title" varchar(150) not null,
        "body" text not null,
        "pinned" boolean not null default false,
        "author_id" int null references "user" ("id") on update cascade on delete set null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz null
      );`);
    this.addSql(`create index "announcement_listing_index" on "announcement" ("pinned" desc, "created_at" desc, "id" desc);`);
    this.addSql(`
      create table "community_rules" (
        "id" int primary key check ("id" = 1),
        "text" text not null,
        "updated_by" int null references "user" ("id") on update cascade on delete set null,
        "updated_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "comment_created_at_index" on "comment" ("created_at");`);
    this.addSql(`create index "favorite_created_at_index" on "favorite" ("created_at");`);
  }

  override down(): void {
    this.addSql(`drop index "favorite_created_at_index";`);
    this.addSql(`drop index "comment_created_at_index";`);
    this.addSql(`drop table "community_rules";`);
    this.addSql(`drop table "announcement";`);
  }
}
