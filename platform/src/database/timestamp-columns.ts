import { p } from '@mikro-orm/core';

/** `created_at`: set once, when the row is first written. */
export function createdAtColumn() {
  return p
    .datetime()
    .fieldName('created_at')
    .onCreate(() => new Date());
}

/** `updated_at`: set on insert and on every update through the ORM. */
export function updatedAtColumn() {
  return p
    .datetime()
    .fieldName('updated_at')
    .onCreate(() => new Date())
    .onUpdate(() => new Date());
}
