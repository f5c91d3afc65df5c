/**
 * A bounded pool: at most `limit` tasks run at once, the others wait their turn in order of arrival.
 * `peak` is the most that ever ran together (the tests read it).
 */
export interface BoundedPool {
  run<T>(task: () => Promise<T>): Promise<T>;
  setLimit(limit: number): void;
  readonly active: number;
  readonly waiting: number;
  peak: number;
}

export function boundedPool(initialLimit: number): BoundedPool {
  let limit = initialLimit;
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    while (active < limit && queue.length > 0) {
      active++;
      pool.peak = Math.max(pool.peak, active);
      queue.shift()!();
    }
  };
  const pool: BoundedPool = {
    peak: 0,
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    setLimit(value: number) {
      if (!Number.isInteger(value) || value < 1) throw new Error(`a pool runs at least one task, got ${value}`);
      limit = value;
      next();
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        next();
      });
      try {
        return await task();
      } finally {
        active--;
        next();
      }
    },
  };
  return pool;
}
