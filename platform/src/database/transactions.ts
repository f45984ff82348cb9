import { DeadlockException } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Global, Injectable, Module } from '@nestjs/common';
import { PreparedStatements } from './prepared-statements';

/**
 * Where a repository statement runs: the request's EntityManager, or the one of an open transaction.
 * Repository methods that may take part in a caller's transaction take it as `db` (or `tx` when only
 * a transaction makes sense, e.g. under a row lock).
 */
export type Db = Pick<EntityManager, 'execute'>;

/** How often a transaction that Postgres aborted to break a deadlock is run again. */
const DEADLOCK_ATTEMPTS = 3;

/**
 * Opens transactions for work that spans repositories (and modules): the caller runs each owner's
 * repository method with the `tx` it is handed, so a row change in one module and the counter it
 * moves in another commit together or not at all.
 */
@Injectable()
export class Transactions {
  constructor(private readonly orm: MikroORM) {}

  /**
   * Runs `work` in one transaction on its own EntityManager. With `retryDeadlocks`, a run that
   * Postgres aborted to break a deadlock (work locking rows in different orders) runs again, and then
   * sees the other side's outcome; only work that is safe to repeat may ask for it.
   */
  async run<T>(work: (tx: Db) => Promise<T>, options: { retryDeadlocks?: boolean } = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.orm.em.fork().transactional((tx) => work(tx));
      } catch (error) {
        const again = options.retryDeadlocks && error instanceof DeadlockException;
        if (!again || attempt >= DEADLOCK_ATTEMPTS) throw error;
      }
    }
  }
}

/** Makes `Transactions` and `PreparedStatements` injectable everywhere (the API and the worker import it once). */
@Global()
@Module({ providers: [Transactions, PreparedStatements], exports: [Transactions, PreparedStatements] })
export class TransactionsModule {}
