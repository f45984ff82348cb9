import { Migration } from '@mikro-orm/migrations';

/**
 * Image chapters whose AVIF copies are still to be made (issue 15): written with the chapter, removed
 * by the job that makes them, so a job lost with Redis is queued again. Chapters published before
 * this table existed are not listed: their jobs ran, or are lost as before.
 */
export class Migration20261127100000_chapter_avif extends Migration {
  override name = 'Migration20261127100000_chapter_avif';

  override up(): void {
    this.addSql(`
      create table "chapter_avif" (
        "chapter_id" int primary key references "chapter" ("id") on update cascade on delete cascade,
        "queued_at" timestamptz not null default now()
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "chapter_avif";`);
  }
}
