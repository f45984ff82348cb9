import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const ACTIONS = list(['approve', 'reject', 'delete']);
const KINDS = list(['series', 'chapter']);
const MODERATION = list(['pending', 'approved', 'rejected']);
const NOTIFICATION_TYPES = list(['chapter', 'comment', 'like', 'follow', 'system']);

/** The moderation log and user notifications (issue 5). */
export class Migration20251220000000_moderation extends Migration {
  override name = 'Migration20251220000000_moderation';

  override up(): void {
    // No foreign key to the content: the log outlives a deleted series or chapter. The actor's
    // account may go too; the row stays with a null actor.
    this.addSql(`
      create table "moderation_log" (
        "id" serial primary key,
        "actor_id" int null references "user" ("id") on update cascade on delete set null,
        "action" varchar(16) not null,
        "content_type" varchar(16) not null,
        "content_id" int not null,
        "title" varchar(400) not null,
        "from_status" varchar(16) not null,
        "note" varchar(1000) null,
        "created_at" timestamptz not null default now(),
        constraint "moderation_log_action_check" check ("action" in (${ACTIONS})),
        constraint "moderation_log_content_type_check" check ("content_type" in (${KINDS})),
        constraint "moderation_log_from_status_check" check ("from_status" in (${MODERATION}))
      );`);
    this.addSql(
      `create index "moderation_log_content_index" on "moderation_log" ("content_type", "content_id", "created_at" desc, "id" desc);`,
    );
    this.addSql(`create index "moderation_log_created_index" on "moderation_log" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "moderation_log_actor_index" on "moderation_log" ("actor_id");`);
    // The queue lists chapters by moderation state, newest first, next to series (which have theirs).
    this.addSql(
      `create index "chapter_moderation_created_index" on "chapter" ("moderation_status", "created_at" desc, "id" desc);`,
    );
    this.addSql(`
      create table "notification" (
        "id" serial primary key,
        "user_id" int not null references "user" ("id") on update cascade on delete cascade,
        "type" varchar(16) not null,
        "title" varchar(200) not null,
        "body" varchar(2000) not null,
        "path" varchar(500) null,
        "read_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        constraint "notification_type_check" check ("type" in (${NOTIFICATION_TYPES}))
      );`);
    this.addSql(
      `create index "notification_user_created_index" on "notification" ("user_id", "created_at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "notification_user_unread_index" on "notification" ("user_id") where "read_at" is null;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "notification";`);
    this.addSql(`drop index if exists "chapter_moderation_created_index";`);
    this.addSql(`drop table if exists "moderation_log";`);
  }
}
