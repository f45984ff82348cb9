import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const STATES = list(['receiving', 'queued', 'processing', 'done', 'failed']);
const METHODS = list(['images', 'zip']);
const LANGUAGES = list(['AR', 'EN', 'JP', 'KO', 'ZH', 'FR', 'ID']);

/** Chapter uploads and their files (issue 4); pages remember the source page they came from. */
export class Migration20251210000000_chapter_upload extends Migration {
  override name = 'Migration20251210000000_chapter_upload';

  override up(): void {
    this.addSql(`
      create table "chapter_upload" (
        "id" uuid primary key,
        "uploader_id" int not null references "user" ("id") on update cascade on delete cascade,
        "series_id" int not null references "series" ("id") on update cascade on delete cascade,
        "number" numeric(8,2) not null,
        "title" varchar(255) null,
        "language" varchar(2) not null,
        "translation_group" varchar(120) null,
        "notes" varchar(1000) null,
        "upload_method" varchar(8) not null,
        "state" varchar(16) not null default 'receiving',
        "processed" int not null default 0,
        "total" int null,
        "chapter_id" int null references "chapter" ("id") on update cascade on delete set null,
        "failure" jsonb null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "chapter_upload_number_check" check ("number" >= 0),
        constraint "chapter_upload_language_check" check ("language" in (${LANGUAGES})),
        constraint "chapter_upload_method_check" check ("upload_method" in (${METHODS})),
        constraint "chapter_upload_state_check" check ("state" in (${STATES})),
        constraint "chapter_upload_progress_check" check ("processed" >= 0 and ("total" is null or "total" >= 0))
      );`);
    this.addSql(`create index "chapter_upload_uploader_state_index" on "chapter_upload" ("uploader_id", "state");`);
    this.addSql(`create index "chapter_upload_state_updated_index" on "chapter_upload" ("state", "updated_at");`);
    this.addSql(`
      create table "chapter_upload_file" (
        "upload_id" uuid not null references "chapter_upload" ("id") on update cascade on delete cascade,
        "index" int not null,
        "name" varchar(255) not null,
        "size" int not null,
        "declared_type" varchar(100) not null default '',
        "received_at" timestamptz null,
        "sha256" char(64) null,
        constraint "chapter_upload_file_pkey" primary key ("upload_id", "index"),
        constraint "chapter_upload_file_size_check" check ("size" > 0 and "index" >= 0)
      );`);
    this.addSql(`alter table "page" add column "source_index" int null;`);
  }

  override down(): void {
    this.addSql(`alter table "page" drop column if exists "source_index";`);
    this.addSql(`drop table if exists "chapter_upload_file";`);
    this.addSql(`drop table if exists "chapter_upload";`);
  }
}
