import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Db } from '../../database/transactions';

/** Where comments hang: a series' own comments (chapter null) or one chapter's. */
export interface CommentTarget {
  seriesId: number;
  chapterId: number | null;
}

export interface CommentRow {
  id: number;
  series_id: number;
  chapter_id: number | null;
  parent_id: number | null;
  root_id: number | null;
  user_id: number | null;
  username: string | null;
  text: string;
  like_count: number;
  edited_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
  liked: boolean;
}

const COLUMNS = `c.id, c.series_id, c.chapter_id, c.parent_id, c.root_id, c.user_id, u.username, c.text,
  c.like_count, c.edited_at, c.deleted_at, c.created_at`;

function likedBy(viewerId: number | null): string {
  return viewerId === null
    ? 'false as liked'
    : `exists(select 1 from comment_like l where l.comment_id = c.id and l.user_id = ${Number(viewerId)}) as liked`;
}

function topLevelOf(target: CommentTarget): { where: string; params: number[] } {
  return target.chapterId === null
    ? { where: 'c.series_id = ? and c.chapter_id is null and c.parent_id is null', params: [target.seriesId] }
    : { where: 'c.chapter_id = ? and c.parent_id is null', params: [target.chapterId] };
}

/**
 * Comments in raw SQL: a page is its top-level comments plus every reply of those threads (by
 * root_id), two indexed queries whatever the depth. Counters (a comment's likes, a chapter's
 * comments) change in the same statement or transaction as the rows they count.
 */
@Injectable()
export class CommentsRepository {
  constructor(private readonly em: EntityManager) {}

  private get db(): Db {
    return this.em;
  }

  async page(
    target: CommentTarget,
    viewerId: number | null,
    page: number,
    limit: number,
  ): Promise<{ roots: CommentRow[]; replies: CommentRow[]; total: number; count: number }> {
    const top = topLevelOf(target);
    const [roots, totals] = await Promise.all([
      this.db.execute<CommentRow[]>(
        `select ${COLUMNS}, ${likedBy(viewerId)} from comment c left join "user" u on u.id = c.user_id
         where ${top.where} order by c.created_at desc, c.id desc limit ? offset ?`,
        [...top.params, limit, (page - 1) * limit],
      ),
      this.db.execute<{ total: number; count: number }[]>(
        `select (select count(*)::int from comment c where ${top.where}) as total,
           (select count(*)::int from comment c where ${
             target.chapterId === null ? 'c.series_id = ? and c.chapter_id is null' : 'c.chapter_id = ?'
           } and c.deleted_at is null) as count`,
        [...top.params, target.chapterId ?? target.seriesId],
      ),
    ]);
    const replies =
      roots.length === 0
        ? []
        : await this.db.execute<CommentRow[]>(
            `select ${COLUMNS}, ${likedBy(viewerId)} from comment c left join "user" u on u.id = c.user_id
             where c.root_id in (${roots.map(() => '?').join(', ')}) and c.parent_id is not null
             order by c.created_at asc, c.id asc`,
            roots.map((r) => r.id),
          );
    return { roots, replies, total: totals[0]?.total ?? 0, count: totals[0]?.count ?? 0 };
  }

  async find(id: number, viewerId: number | null = null, db: Db = this.db): Promise<CommentRow | null> {
    const rows = await db.execute<CommentRow[]>(
      `select ${COLUMNS}, ${likedBy(viewerId)} from comment c left join "user" u on u.id = c.user_id where c.id = ?`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Inserts the comment in `tx` (the caller counts it on its chapter in the same transaction). */
  async insert(
    tx: Db,
    input: {
      target: CommentTarget;
      parent: { id: number; rootId: number } | null;
      userId: number;
      text: string;
    },
  ): Promise<number> {
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into comment (series_id, chapter_id, parent_id, root_id, user_id, text) values (?, ?, ?, ?, ?, ?)
         returning id`,
      [
        input.target.seriesId,
        input.target.chapterId,
        input.parent?.id ?? null,
        input.parent?.rootId ?? null,
        input.userId,
        input.text,
      ],
    );
    const id = row!.id;
    if (!input.parent) await tx.execute(`update comment set root_id = id where id = ?`, [id]);
    return id;
  }

  async updateText(id: number, text: string): Promise<void> {
    await this.db.execute(
      `update comment set text = ?, edited_at = now() where id = ? and deleted_at is null`,
      [text, id],
    );
  }

  /**
   * Removes a comment. One with replies keeps its place with its text gone (the thread stays
   * readable); one without is deleted, and so is every emptied, already-deleted ancestor above it.
   * Answers whether the comment was kept and the chapter it was counted on, or null when it was
   * already gone; runs in `tx` (the caller uncounts it in the same transaction).
   */
  async remove(tx: Db, id: number): Promise<{ kept: boolean; chapterId: number | null } | null> {
    const [row] = await tx.execute<
      { chapter_id: number | null; parent_id: number | null; deleted_at: Date | null }[]
    >(`select chapter_id, parent_id, deleted_at from comment where id = ? for update`, [id]);
    if (!row || row.deleted_at) return null;
    const [child] = await tx.execute<{ id: number }[]>(`select id from comment where parent_id = ? limit 1`, [
      id,
    ]);
    if (child) {
      await tx.execute(`update comment set text = '', deleted_at = now() where id = ?`, [id]);
      return { kept: true, chapterId: row.chapter_id };
    }
    await tx.execute(`delete from comment where id = ?`, [id]);
    let parentId = row.parent_id;
    while (parentId !== null) {
      const [parent] = await tx.execute<{ parent_id: number | null }[]>(
        `delete from comment p where p.id = ? and p.deleted_at is not null
             and not exists (select 1 from comment r where r.parent_id = p.id)
           returning p.parent_id`,
        [parentId],
      );
      parentId = parent ? parent.parent_id : null;
    }
    return { kept: false, chapterId: row.chapter_id };
  }

  /**
   * Likes the comment if the user had not, else takes the like back. The comment row is locked
   * first, so two toggles by one user at once apply one after the other and the count stays equal
   * to the likes stored. Null when the comment is gone or deleted.
   */
  async toggleLike(commentId: number, userId: number): Promise<{ liked: boolean; likes: number } | null> {
    return this.em.transactional(async (tx) => {
      const [comment] = await tx.execute<{ id: number }[]>(
        `select id from comment where id = ? and deleted_at is null for update`,
        [commentId],
      );
      if (!comment) return null;
      const inserted = await tx.execute<{ comment_id: number }[]>(
        `insert into comment_like (comment_id, user_id) values (?, ?) on conflict do nothing returning comment_id`,
        [commentId, userId],
      );
      const liked = inserted.length > 0;
      if (!liked)
        await tx.execute(`delete from comment_like where comment_id = ? and user_id = ?`, [
          commentId,
          userId,
        ]);
      const [counted] = await tx.execute<{ likes: number }[]>(
        `update comment set like_count = like_count + ? where id = ? returning like_count as likes`,
        [liked ? 1 : -1, commentId],
      );
      return { liked, likes: counted!.likes };
    });
  }
}
