import { fromPromise } from "xstate";
import {
  submitQueueMachine,
  type PersistedQueue,
  type PushResult,
} from "../../../machines/submitQueue/submitQueue.machine.ts";
import { isPersistedQueue } from "../../../machines/submitQueue/submitQueue.selectors.ts";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { queryClient } from "../../app/queryClient.ts";
import { cartQueries } from "./queries.ts";

/**
 * The submission queue bound to the API client: each order alone through pushOrder with its own
 * Idempotency-Key (CART-026, CART-046), then the balance after from getOrderSumPrice (CART-045).
 */
export const boundSubmitQueueMachine = submitQueueMachine.provide({
  actors: {
    pushOrder: fromPromise<PushResult, { orderId: number; idempotencyKey: string }>(async ({ input }) => {
      const results = unwrap(
        await api.GET("/pc/order/pushOrder", {
          params: {
            query: { orderIds: `${input.orderId},` },
            header: { "Idempotency-Key": input.idempotencyKey },
          },
        }),
      );
      const result = results?.[String(input.orderId)];
      // An answer without this order's result is no answer (CART-028: a failure without a message).
      if (!result) throw new Error(`pushOrder answered no result for order ${input.orderId}`);
      return result;
    }),
    // The account's balance (no order ids: what the orders cost is on the receipt already)
    loadBalance: fromPromise<{ balanceCents: number }>(async () => {
      const sum = await queryClient.fetchQuery({ ...cartQueries.sum([]), staleTime: 0 });
      return { balanceCents: sum.balanceCents };
    }),
  },
});

/**
 * The queue in sessionStorage, written after every change, so that a reload resumes it with the same
 * keys (the tab's own storage: another tab runs its own queue, and the server pays each order once).
 */
const STORAGE_KEY = "submitQueue";

export function readStoredQueue(username: string): PersistedQueue | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as unknown;
    if (typeof stored !== "object" || stored === null) return null;
    const { owner, queue } = stored as { owner?: unknown; queue?: unknown };
    return owner === username && isPersistedQueue(queue) ? queue : null;
  } catch {
    return null;
  }
}

export function storeQueue(username: string, queue: PersistedQueue): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ owner: username, queue }));
}

export function forgetStoredQueue(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** After a queue: every list, the balance and the header badges (failed and pending counts) change. */
export function refreshAfterQueue(): void {
  void queryClient.invalidateQueries();
}
