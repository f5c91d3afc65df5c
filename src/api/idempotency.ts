/**
 * Idempotency keys for money-moving calls (the server's `Idempotency-Key` header): one key per user
 * action, kept across its retries. A request sent again unchanged (the user clicks Submit again after
 * a lost answer) reuses its key, so the server answers the first result and charges once; a changed
 * request is a new action with a new key. `settle` forgets the key once the action has its answer.
 */
export function idempotencyKeys(newKey: () => string = () => crypto.randomUUID()) {
  let last: { request: string; key: string } | null = null;
  return {
    keyFor(request: unknown): string {
      const serialized = JSON.stringify(request);
      if (last?.request !== serialized) last = { request: serialized, key: newKey() };
      return last.key;
    },
    settle() {
      last = null;
    },
  };
}
