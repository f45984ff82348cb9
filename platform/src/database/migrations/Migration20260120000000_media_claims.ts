import { Migration } from '@mikro-orm/migrations';

/**
 * Nothing orphaned (the reliability issue): the media keys an upload's processing has stored, claimed
 * before each put so nothing frees them meanwhile; they become media objects (ledger rows) only when
 * the chapter commits, and are removed when the upload fails or is deleted. `media_sweep` keeps what
 * each run of the media garbage collector freed, for the dashboard.
 */
export class Migration20260120000000_media_claims extends Migration {
  override name = 'Migration20260120000000_media_claims';

  override up(): void {
    this.addSql(`
      create table "upload_media" (
        "upload_id" uuid not null references "chapter_upload" ("id") on update cascade on delete cascade,
        "key" varchar(80) not null,
        "created_at" timestamptz not null default now(),
        primary key ("upload_id", "key")
      );`);
    this.addSql(`create index "upload_media_key_index" on "upload_media" ("key");`);
    // "Does any page name this key?" is asked before every delete of an object.
    this.addSql(`create index if not exists "page_media_key_index" on "page" ("media_key");`);
    this.addSql(`
      create table "media_sweep" (
        "id" serial primary key,
        "finished_at" timestamptz not null default now(),
        "objects" int not null,
        "bytes" bigint not null,
        "ledger_added" int not null,
        "ledger_removed" int not null
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "media_sweep";`);
    this.addSql(`drop table if exists "upload_media";`);
    this.addSql(`drop index if exists "page_media_key_index";`);
  }
}
