/**
 * `work`, or a failure after `ms`: a queue call while Redis is away must not hang a request. The
 * message starts like ioredis' own timeout, so the error filter answers 503 for it as for an outage.
 */
export async function withCommandTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CommandTimeout(what)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class CommandTimeout extends Error {
  constructor(what: string) {
    super(`Command timed out: ${what}`);
    this.name = 'CommandTimeout';
  }
}
