/**
 * Runs `work` over the items with at most `limit` running at once, in order of the items; resolves
 * once every one has settled. A failing item does not stop the others (each reports its own error).
 */
export async function runParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item).catch(() => undefined);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, () => lane()));
}
