import { Migration } from '@mikro-orm/migrations';

export class Migration20251122000000_initial extends Migration {
  override name = 'Migration20251122000000_initial';

  override up(): void {
    this.addSql(`
      create table "user" (
        "id" serial primary key,
        "username" varchar(32) not null,
        "email" varchar(254) not null,
        "password_hash" text not null,
        "role" varchar(16) not null default 'reader',
        "points" int not null default 0,
        "preferences" jsonb not null,
        "created_at" timestamptz not null default now(),
        "last_login" timestamptz null,
        constraint "user_role_check" check ("role" in ('reader', 'moderator', 'admin', 'superadmin'))
      );`);
    // Case-insensitive uniqueness is enforced by the database, not only by a pre-check.
    this.addSql(`create unique index "user_username_lower_unique" on "user" (lower("username"));`);
    this.addSql(`create unique index "user_email_lower_unique" on "user" (lower("email"));`);
    this.addSql(`
      create table "api_token" (
        "id" serial primary key,
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "token_hash" varchar(64) not null,
        "expires_at" timestamptz not null,
        "created_at" timestamptz not null default now(),
        "last_used_at" timestamptz null,
        constraint "api_token_token_hash_unique" unique ("token_hash")
      );`);
    this.addSql(`create index "api_token_user_id_index" on "api_token" ("user_id");`);
    this.addSql(`create index "api_token_expires_at_index" on "api_token" ("expires_at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "api_token";`);
    this.addSql(`drop table if exists "user";`);
  }
}
