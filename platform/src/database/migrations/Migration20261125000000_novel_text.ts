import { Migration } from '@mikro-orm/migrations';
import { importTxt } from '../../modules/novel-text/import/txt-import';
import { prepareNovelText } from '../../modules/novel-text/prepare-novel-text';

/**
 * Novel chapters are stored as the strict text structure of `@warraq/contracts` (issue 13), never as
 * free text or HTML: a `text` jsonb column with its word count replaces `body`. Existing bodies were
 * written in the demo's plain-text format, so they are read by the same importer as an uploaded
 * `.txt` file and normalised like any submitted chapter.
 */
export class Migration20261125000000_novel_text extends Migration {
  override name = 'Migration20261125000000_novel_text';

  override async up(): Promise<void> {
    await this.execute(`alter table "chapter" add column "text" jsonb null, add column "word_count" integer null;`);
    const rows = (await this.execute(`select id, body from "chapter" where body is not null`)) as {
      id: number;
      body: string;
    }[];
    for (const row of rows) {
      const prepared = prepareNovelText(importTxt(Buffer.from(row.body, 'utf8'), `${row.id}.txt`));
      await this.execute(`update "chapter" set "text" = ?::jsonb, "word_count" = ? where id = ?`, [
        JSON.stringify(prepared.text),
        prepared.words,
        row.id,
      ]);
    }
    await this.execute(`alter table "chapter" drop column "body";`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "chapter" add column "body" text null;`);
    await this.execute(`alter table "chapter" drop column "text", drop column "word_count";`);
  }
}
