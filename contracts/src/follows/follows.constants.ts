// Apart from the schemas, so the shelf picker in the browser reads them without loading zod (issue 15).

/** Spec §2's reading list: the shelf a reader keeps a series on. */
export const SHELVES = ['reading', 'plan', 'completed', 'on_hold', 'dropped'] as const;
export type Shelf = (typeof SHELVES)[number];
