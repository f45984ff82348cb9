import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const TYPES = list(['manga', 'manhua', 'manhwa', 'novel']);
const STATUSES = list(['ongoing', 'completed', 'stopped']);
const ORIGINS = list(['japan', 'korea', 'china', 'other']);
const MODERATION = list(['pending', 'approved', 'rejected']);
const LANGUAGES = list(['AR', 'EN', 'JP', 'KO', 'ZH', 'FR', 'ID']);
const MODES = list(['vertical', 'paged-rtl', 'paged-ltr']);

/** Series, chapters, pages, reactions, views and reading progress (issue 3). */
export class Migration20251201000000_series extends Migration {
  override name = 'Migration20251201000000_series';

  override up(): void {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`alter table "user" add column "reading_mode" varchar(16) null
      constraint "user_reading_mode_check" check ("reading_mode" in (${MODES}));`);
    this.addSql(`
      create table "series" (
        "id" serial primary key,
        "type" varchar(16) not null,
        "slug" varchar(255) not null,
        "title" varchar(255) not null,
        "original_title" varchar(255) null,
        "alt_titles" text[] not null default '{}',
        "description" text not null default '',
        "cover_key" varchar(80) null,
        "cover_url" varchar(2000) null,
        "cover_width" int null,
        "cover_height" int null,
        "status" varchar(16) not null default 'ongoing',
        "origin" varchar(16) null,
        "year" int null,
        "author" varchar(120) null,
        "artist" varchar(120) null,
        "tags" text[] not null default '{}',
        "moderation_status" varchar(16) not null default 'pending',
        "created_by" int null references "user" ("id") on update cascade on delete set null,
        "search_text" text not null default '',
        "view_count" int not null default 0,
        "like_count" int not null default 0,
        "favorite_count" int not null default 0,
        "rating_sum" int not null default 0,
        "rating_count" int not null default 0,
        "chapter_count" int not null default 0,
        "latest_chapter_number" numeric(8,2) null,
        "last_chapter_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "series_slug_unique" unique ("slug"),
        constraint "series_type_check" check ("type" in (${TYPES})),
        constraint "series_status_check" check ("status" in (${STATUSES})),
        constraint "series_origin_check" check ("origin" in (${ORIGINS})),
        constraint "series_moderation_status_check" check ("moderation_status" in (${MODERATION})),
        constraint "series_cover_url_check" check ("cover_url" ~ '^https?://'),
        constraint "series_counters_check" check (
          "view_count" >= 0 and "like_count" >= 0 and "favorite_count" >= 0
          and "rating_sum" >= 0 and "rating_count" >= 0 and "chapter_count" >= 0)
      );`);
    this.addSql(
      `create index "series_search_text_trgm" on "series" using gin ("search_text" gin_trgm_ops);`,
    );
    this.addSql(`create index "series_tags_gin" on "series" using gin ("tags");`);
    this.addSql(
      `create index "series_listing_index" on "series" ("moderation_status", "type", "created_at" desc, "id" desc);`,
    );
    this.addSql(`create index "series_created_by_index" on "series" ("created_by");`);
    this.addSql(`
      create table "chapter" (
        "id" serial primary key,
        "series_id" int not null references "series" ("id") on update cascade on delete cascade,
        "number" numeric(8,2) not null,
        "title" varchar(255) null,
        "language" varchar(2) not null default 'AR',
        "translation_group" varchar(120) null,
        "uploader_id" int null references "user" ("id") on update cascade on delete set null,
        "moderation_status" varchar(16) not null default 'pending',
        "published_at" timestamptz null,
        "view_count" int not null default 0,
        "like_count" int not null default 0,
        "page_count" int not null default 0,
        "body" text null,
        "created_at" timestamptz not null default now(),
        constraint "chapter_number_check" check ("number" >= 0),
        constraint "chapter_language_check" check ("language" in (${LANGUAGES})),
        constraint "chapter_moderation_status_check" check ("moderation_status" in (${MODERATION})),
        constraint "chapter_counters_check" check ("view_count" >= 0 and "like_count" >= 0 and "page_count" >= 0)
      );`);
    this.addSql(`create index "chapter_series_number_index" on "chapter" ("series_id", "number", "language");`);
    this.addSql(
      `create index "chapter_published_index" on "chapter" ("published_at" desc, "id" desc) where "moderation_status" = 'approved';`,
    );
    this.addSql(`create index "chapter_uploader_index" on "chapter" ("uploader_id");`);
    this.addSql(`
      create table "page" (
        "id" serial primary key,
        "chapter_id" int not null references "chapter" ("id") on update cascade on delete cascade,
        "index" int not null,
        "media_key" varchar(80) not null,
        "width" int not null,
        "height" int not null,
        constraint "page_chapter_index_unique" unique ("chapter_id", "index")
      );`);
    this.addSql(`
      create table "chapter_like" (
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "chapter_id" int not null references "chapter" ("id") on update cascade on delete cascade,
        "created_at" timestamptz not null default now(),
        constraint "chapter_like_pkey" primary key ("user_id", "chapter_id")
      );`);
    this.addSql(`create index "chapter_like_chapter_index" on "chapter_like" ("chapter_id");`);
    this.addSql(`
      create table "favorite" (
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "series_id" int not null references "series" ("id") on update cascade on delete cascade,
        "created_at" timestamptz not null default now(),
        constraint "favorite_pkey" primary key ("user_id", "series_id")
      );`);
    this.addSql(`create index "favorite_series_index" on "favorite" ("series_id");`);
    this.addSql(`
      create table "rating" (
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "series_id" int not null references "series" ("id") on update cascade on delete cascade,
        "score" smallint not null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "rating_pkey" primary key ("user_id", "series_id"),
        constraint "rating_score_check" check ("score" between 1 and 10)
      );`);
    this.addSql(`create index "rating_series_index" on "rating" ("series_id");`);
    this.addSql(`
      create table "chapter_view" (
        "chapter_id" int not null references "chapter" ("id") on update cascade on delete cascade,
        "viewer" varchar(64) not null,
        "day" date not null,
        constraint "chapter_view_pkey" primary key ("chapter_id", "viewer", "day")
      );`);
    this.addSql(`
      create table "reading_progress" (
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "series_id" int not null references "series" ("id") on update cascade on delete cascade,
        "chapter_id" int not null references "chapter" ("id") on update cascade on delete cascade,
        "page" int not null default 0,
        "updated_at" timestamptz not null default now(),
        constraint "reading_progress_pkey" primary key ("user_id", "series_id")
      );`);
    this.addSql(
      `create index "reading_progress_user_updated_index" on "reading_progress" ("user_id", "updated_at" desc);`,
    );
  }

  override down(): void {
    for (const table of ['reading_progress', 'chapter_view', 'rating', 'favorite', 'chapter_like', 'page', 'chapter', 'series']) {
      this.addSql(`drop table if exists "${table}";`);
    }
    this.addSql(`alter table "user" drop column if exists "reading_mode";`);
  }
}
