import type { Client, InArgs, InStatement, Transaction, TransactionMode } from '@libsql/client';

/**
 * One writer at a time inside this process, queued without blocking the event loop.
 *
 * A local libSQL file waits for another connection's write lock with SQLite's busy handler, which
 * sleeps synchronously. Inside one process that is a trap: while transaction A awaits something
 * (a payment provider, a file write), transaction B's `BEGIN IMMEDIATE` on a second pooled
 * connection freezes the event loop, so A can never finish and B fails after the busy timeout.
 * This wrapper makes in-process writers (transactions, write statements, batches, migrations)
 * take turns on a FIFO promise queue; the busy timeout is left to do its job between processes.
 */

/** Thrown when a writer waited longer than the timeout for its turn (the API answers 503). */
export class WriteLockTimeoutError extends Error {
  readonly code = 'SQLITE_BUSY';
  constructor(timeoutMs: number) {
    super(`SQLITE_BUSY: waited ${timeoutMs} ms for this process's other writers`);
    this.name = 'WriteLockTimeoutError';
  }
}

/** A lock writers take turns on; `acquire` answers the release (calling it twice is harmless). */
export interface WriteLock {
  acquire(): Promise<() => void>;
}

/** A FIFO mutex whose waiters give up after `timeoutMs`. */
export class AsyncLock implements WriteLock {
  #held = false;
  readonly #waiters: { grant: () => void }[] = [];

  constructor(private readonly timeoutMs: number) {}

  /** Waits for the lock; the answer releases it (calling it twice is harmless). */
  acquire(): Promise<() => void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(this.#releaser());
        },
      };
      const timer = setTimeout(() => {
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) this.#waiters.splice(index, 1);
        reject(new WriteLockTimeoutError(this.timeoutMs));
      }, this.timeoutMs);
      this.#waiters.push(waiter);
    });
  }

  /** Whether a writer holds the lock now (for tests and diagnostics). */
  get held(): boolean {
    return this.#held;
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      if (next) next.grant();
      else this.#held = false;
    };
  }
}

/**
 * `inner` taken while holding `outer`: this process's writers queue on `outer` (one at a time),
 * and only the one whose turn it is asks for `inner` (the cluster's).
 */
export function nestedLocks(outer: WriteLock, inner: WriteLock): WriteLock {
  return {
    async acquire() {
      const releaseOuter = await outer.acquire();
      let releaseInner: () => void;
      try {
        releaseInner = await inner.acquire();
      } catch (error) {
        releaseOuter();
        throw error;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        releaseInner();
        releaseOuter();
      };
    },
  };
}

/**
 * Whether a statement only reads: a SELECT or EXPLAIN, a WITH that names no writing verb, or a
 * PRAGMA that sets nothing. (Values are bound parameters, so they never reach this text.)
 */
export function isReadOnlyStatement(statement: InStatement): boolean {
  const text = (typeof statement === 'string' ? statement : statement.sql).trimStart();
  if (/^(select|explain)\b/i.test(text)) return true;
  if (/^with\b/i.test(text)) return !/\b(insert|update|delete|replace)\b/i.test(text);
  return /^pragma\b/i.test(text) && !text.includes('=') && !text.includes('(');
}

/** Runs `work` holding the lock. */
async function locked<T>(lock: WriteLock, work: () => Promise<T>): Promise<T> {
  const release = await lock.acquire();
  try {
    return await work();
  } finally {
    release();
  }
}

/** Holds the lock until the transaction commits, rolls back or closes. */
function lockedTransaction(tx: Transaction, release: () => void): Transaction {
  const settle =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await method.apply(tx, args);
      } finally {
        release();
      }
    };
  const commit = settle(tx.commit);
  const rollback = settle(tx.rollback);
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property === 'commit') return commit;
      if (property === 'rollback') return rollback;
      if (property === 'close') {
        return () => {
          try {
            target.close();
          } finally {
            release();
          }
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The client with in-process writers queued on `lock`. Reads outside transactions pass straight
 * through: in WAL mode they never wait for writers.
 *
 * @example
 * ```ts
 * const client = withWriteLock(createClient({ url }), new AsyncLock(10_000));
 * ```
 */
export function withWriteLock(client: Client, lock: WriteLock): Client {
  const overrides: Partial<Client> = {
    execute: ((statement: InStatement, args?: InArgs) => {
      const run = () =>
        args === undefined ? client.execute(statement) : client.execute(statement as string, args);
      return isReadOnlyStatement(statement) ? run() : locked(lock, run);
    }) as Client['execute'],
    batch: (statements, mode) => locked(lock, () => client.batch(statements, mode)),
    migrate: (statements) => locked(lock, () => client.migrate(statements)),
    executeMultiple: (sql) => locked(lock, () => client.executeMultiple(sql)),
    transaction: (async (mode?: TransactionMode) => {
      if (mode === 'read') return client.transaction(mode);
      const release = await lock.acquire();
      try {
        return lockedTransaction(await client.transaction(mode), release);
      } catch (error) {
        release();
        throw error;
      }
    }) as Client['transaction'],
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof Client];
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
