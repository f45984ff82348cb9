import { Migration } from '@mikro-orm/migrations';
import { usernameSkeleton } from '../../modules/users/username-skeleton';

/**
 * Usernames are compared by their UTS #39 confusable skeleton (issue 17): a `username_skeleton` column,
 * filled for existing rows, under a unique index. Existing accounts whose skeletons already collide keep
 * their names; the later of them gets its id appended so the index can hold, and new names are still
 * refused against the earliest.
 */
export class Migration20260125000000_username_skeleton extends Migration {
  override name = 'Migration20260125000000_username_skeleton';

  override async up(): Promise<void> {
    await this.execute(`alter table "user" add column "username_skeleton" text null;`);
    const rows = (await this.execute(`select id, username from "user" order by id`)) as {
      id: number;
      username: string;
    }[];
    const seen = new Set<string>();
    for (const row of rows) {
      let skeleton = usernameSkeleton(row.username);
      if (seen.has(skeleton)) skeleton = `${skeleton}#${row.id}`;
      seen.add(skeleton);
      await this.execute(`update "user" set "username_skeleton" = ? where id = ?`, [skeleton, row.id]);
    }
    await this.execute(`alter table "user" alter column "username_skeleton" set not null;`);
    await this.execute(
      `create unique index "user_username_skeleton_unique" on "user" ("username_skeleton");`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "user_username_skeleton_unique";`);
    this.addSql(`alter table "user" drop column if exists "username_skeleton";`);
  }
}
