import { Migration } from '@mikro-orm/migrations';

/**
 * Follows (issue 14): who follows which series (with per-series translation-group preferences) and
 * which user, each reader's chapter languages, the chapters waiting for their new-chapter fan-out,
 * and which chapters each reader has read. A new-chapter notification names its chapter, and one
 * reader gets at most one per chapter: the unique index is what makes a repeated fan-out add nothing.
 */
export class Migration20260201000000_follows extends Migration {
  override name = 'Migration20260201000000_follows';

  override up(): void {
    this.addSql(`
      create table "series_follow" (
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "series_id" int not null references "series" ("id") on update cascade on delete cascade,
        "preferred_groups" text[] not null default '{}',
        "hidden_groups" text[] not null default '{}',
        "created_at" timestamptz not null default now(),
        constraint "series_follow_pkey" primary key ("user_id", "series_id")
      );`);
    // The fan-out reads a series' followers; the pkey serves a reader's own list.
    this.addSql(`create index "series_follow_series_index" on "series_follow" ("series_id", "user_id");`);
    this.addSql(`
      create table "user_follow" (
        "follower_id" int not null references "user" ("id") on update cascade on delete cascade,
        "followee_id" int not null references "user" ("id") on update cascade on delete cascade,
        "created_at" timestamptz not null default now(),
        constraint "user_follow_pkey" primary key ("follower_id", "followee_id"),
        constraint "user_follow_self_check" check ("follower_id" <> "followee_id")
      );`);
    this.addSql(`create index "user_follow_followee_index" on "user_follow" ("followee_id", "follower_id");`);
    this.addSql(`
      create table "reader_preference" (
        "user_id" int primary key references "user" ("id") on update cascade on delete cascade,
        "languages" text[] not null default '{}',
        "updated_at" timestamptz not null default now()
      );`);
    this.addSql(`
      create table "chapter_fanout" (
        "chapter_id" int primary key references "chapter" ("id") on update cascade on delete cascade,
        "series_id" int not null references "series" ("id") on update cascade on delete cascade,
        "queued_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "chapter_fanout_series_index" on "chapter_fanout" ("series_id");`);
    this.addSql(`
      create table "chapter_read" (
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "chapter_id" int not null references "chapter" ("id") on update cascade on delete cascade,
        "read_at" timestamptz not null default now(),
        constraint "chapter_read_pkey" primary key ("user_id", "chapter_id")
      );`);
    this.addSql(
      `alter table "notification" add column "chapter_id" int null references "chapter" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create unique index "notification_user_chapter_unique" on "notification" ("user_id", "chapter_id") where "chapter_id" is not null;`,
    );
    // The followed series' chapters, newest first, for the updates feed.
    this.addSql(
      `create index "chapter_series_published_index" on "chapter" ("series_id", "published_at" desc, "id" desc) where "moderation_status" = 'approved';`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "chapter_series_published_index";`);
    this.addSql(`drop index if exists "notification_user_chapter_unique";`);
    this.addSql(`alter table "notification" drop column if exists "chapter_id";`);
    for (const table of ['chapter_read', 'chapter_fanout', 'reader_preference', 'user_follow', 'series_follow']) {
      this.addSql(`drop table if exists "${table}";`);
    }
  }
}
