import { Migration } from '@mikro-orm/migrations';

/** Reader-app tokens of the OPDS catalog (issue 14): one per user, stored as a sha256 hash. */
export class Migration20261125400000_feed_token extends Migration {
  override name = 'Migration20261125400000_feed_token';

  override up(): void {
    this.addSql(`
      create table "feed_token" (
        "id" serial primary key,
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "token_hash" varchar(64) not null,
        "created_at" timestamptz not null default now(),
        "last_used_at" timestamptz null,
        constraint "feed_token_user_unique" unique ("user_id"),
        constraint "feed_token_token_hash_unique" unique ("token_hash")
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "feed_token";`);
  }
}
