/**
 * Runs `task` for indexes 0…count-1, at most `limit` at a time, in index order. After the first
 * failure (or an abort) nothing new starts; the tasks already running are awaited, so nothing is
 * left writing in the background, and the first error is thrown.
 */
export async function forEachConcurrently(
  count: number,
  limit: number,
  task: (index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (errors.length === 0 && next < count) {
      const index = next++;
      try {
        signal?.throwIfAborted();
        await task(index);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  if (errors.length > 0) throw errors[0];
}
