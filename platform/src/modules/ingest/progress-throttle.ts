export interface Progress {
  processed: number;
  total: number | null;
}

/**
 * Passes progress on at most once per `intervalMs`, always ending with the latest value: the first
 * report goes at once, later ones within the interval collapse into one trailing write. Writes never
 * overlap (each waits for the one before).
 */
export class ProgressThrottle {
  private latest: Progress | null = null;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (progress: Progress) => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  report(progress: Progress): void {
    this.latest = progress;
    if (this.timer) return;
    const wait = this.lastWriteAt + this.intervalMs - this.now();
    if (wait <= 0) {
      this.flush();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, wait);
  }

  /** Writes what is still pending and waits for every write to finish. */
  async settle(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flush();
    await this.chain;
  }

  /** Drops what is pending (the outcome supersedes it) and waits for writes in flight. */
  async cancel(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.latest = null;
    await this.chain;
  }

  private flush(): void {
    const progress = this.latest;
    if (!progress) return;
    this.latest = null;
    this.lastWriteAt = this.now();
    this.chain = this.chain.then(() => this.write(progress)).catch(this.onError);
  }
}
