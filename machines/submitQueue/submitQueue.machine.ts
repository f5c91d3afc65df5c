import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from "xstate";
import { isPaidStatus } from "../../domain/orderStatus.ts";
import { ApiError } from "../shared/messages.ts";

/**
 * The submission queue (CART-019, CART-025..029): the selected orders are paid strictly one after
 * another through `pushOrder`, each under its own idempotency key created when the queue starts and
 * kept in the context (and, by the feature, in sessionStorage), so a queue resumed after a reload
 * sends the orders not yet answered again with THEIR keys and never pays an order twice.
 */

/**
 * CART-025: the progress of one order: 0 waiting, 1 uploading, 2 success, 3 failed; 4 already paid
 * (x-designed: refused because the order was paid before, e.g. from another tab; not this queue's
 * payment and not a failure).
 */
export const SUBMIT_STATUS = { waiting: 0, uploading: 1, success: 2, failed: 3, alreadyPaid: 4 } as const;
export type SubmitStatus = (typeof SUBMIT_STATUS)[keyof typeof SUBMIT_STATUS];

/**
 * An order the user checks out: its id, its code, whom and what it is for (the customer's name and the
 * garment's name as the list showed them, issue 20) and what it costs (integer cents).
 */
export interface QueueOrder {
  id: number;
  code: string;
  customer: string;
  garment: string;
  priceCents: number;
}

/** An order in the queue: its idempotency key, its progress and the server's message when it failed. */
export interface QueuedOrder extends QueueOrder {
  key: string;
  status: SubmitStatus;
  /** CART-027: the server's message of a refusal; CART-028: null for a request that got no answer. */
  message: string | null;
}

/** What the feature keeps in sessionStorage, and gives back to resume a queue after a reload. */
export interface PersistedQueue {
  orders: QueuedOrder[];
  balanceBeforeCents: number;
  moneyType: string;
}

export type SubmitQueueInput =
  { orders: QueueOrder[]; balanceBeforeCents: number; moneyType: string } | { resume: PersistedQueue };

/** CART-046: one order's entry of pushOrder's answer. */
export interface PushResult {
  code: number | string;
  sign: string;
  msg: string;
  /** The order's status after the call (10030 paid, 10371 balance short, else unchanged). */
  status?: number;
}

export interface PushRequest {
  orderId: number;
  idempotencyKey: string;
}

export interface SubmitQueueContext extends PersistedQueue {
  /** The account's balance after the queue (getOrderSumPrice), null until known or when it failed. */
  balanceAfterCents: number | null;
}

export type SubmitQueueEvent = { type: "user.close" } | { type: "user.openMyOrders" };

const newKey = (): string => crypto.randomUUID();

const isUnanswered = (o: QueuedOrder) =>
  o.status === SUBMIT_STATUS.uploading || (o.status === SUBMIT_STATUS.failed && o.message === null);

/** The context a queue starts with: a fresh queue gets a key per order; a resumed one keeps them. */
function initialContext(input: SubmitQueueInput): SubmitQueueContext {
  if ("resume" in input)
    return {
      // An order that was uploading when the page went away, or whose request got no answer (a
      // failure without a message, CART-028: the page's own unload aborts its request), is sent again
      // with its own key: the server answers the first result if it had received it (one charge), so
      // the resumed queue reports each order's true outcome.
      orders: input.resume.orders.map((o) =>
        isUnanswered(o) ? { ...o, status: SUBMIT_STATUS.waiting, message: null } : { ...o },
      ),
      balanceBeforeCents: input.resume.balanceBeforeCents,
      moneyType: input.resume.moneyType,
      balanceAfterCents: null,
    };
  return {
    orders: input.orders.map((o) => ({
      id: o.id,
      code: o.code,
      customer: o.customer,
      garment: o.garment,
      priceCents: o.priceCents,
      key: newKey(),
      status: SUBMIT_STATUS.waiting,
      message: null,
    })),
    balanceBeforeCents: input.balanceBeforeCents,
    moneyType: input.moneyType,
    balanceAfterCents: null,
  };
}

const isDone = (o: QueuedOrder) =>
  o.status === SUBMIT_STATUS.success || o.status === SUBMIT_STATUS.failed || o.status === SUBMIT_STATUS.alreadyPaid;
const current = (c: SubmitQueueContext) => c.orders.find((o) => o.status === SUBMIT_STATUS.uploading);
const settleCurrent = (c: SubmitQueueContext, status: SubmitStatus, message: string | null) =>
  c.orders.map((o) => (o.status === SUBMIT_STATUS.uploading ? { ...o, status, message } : o));

/** API-006: code 0 (number or "0") is success. */
const isSuccessCode = (code: unknown) => code === 0 || code === "0";

/** CART-027: a refusal's message when the server answered with an error envelope, else null (no answer). */
const serverRefusalMessage = (error: unknown): string | null =>
  error instanceof ApiError && error.message !== "" ? error.message : null;
/** The push's answer and its failure, handed to the guards and actions as their typed parameters. */
const pushOutput = ({ event }: { event: DoneActorEvent<PushResult> }) => event.output;
const pushError = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });

/** An order's answer, the same whether it came at the first asking or the second (CART-028). */
const pushAnswered = [
  // Refused because it was paid before (another tab, an earlier queue): not this queue's payment
  { guard: { type: "isPaidElsewhere", params: pushOutput }, target: "next", actions: "settleAlreadyPaid" },
  {
    guard: { type: "isPushRefused", params: pushOutput },
    target: "next",
    actions: { type: "settleRefused", params: pushOutput },
  },
  { target: "next", actions: "settlePaid" },
] as const;

const pushInput = ({ context }: { context: SubmitQueueContext }): PushRequest => {
  const order = current(context)!;
  return { orderId: order.id, idempotencyKey: order.key };
};

export const submitQueueMachine = setup({
  types: {
    context: {} as SubmitQueueContext,
    events: {} as SubmitQueueEvent,
    input: {} as SubmitQueueInput,
  },
  actors: {
    // CART-046: GET pc/order/pushOrder, one id per call, with the order's Idempotency-Key
    pushOrder: fromPromise<PushResult, PushRequest>(async () => {
      throw new Error("pushOrder actor not provided");
    }),
    // CART-045: the account's balance after the queue, from getOrderSumPrice
    loadBalance: fromPromise<{ balanceCents: number }>(async () => {
      throw new Error("loadBalance actor not provided");
    }),
  },
  guards: {
    // CART-026: the next order starts only once the one before it has its outcome
    hasWaitingOrder: ({ context }) => context.orders.some((o) => o.status === SUBMIT_STATUS.waiting),
    // CART-027: a result with code 1 (any code but 0) or sign "fail" is a failure with its message
    isPushRefused: (_, result: PushResult) => !isSuccessCode(result.code) || result.sign === "fail",
    // A refusal of an order already paid (its status is submitted or later): paid before, elsewhere
    isPaidElsewhere: (_, result: PushResult) => {
      const refused = !isSuccessCode(result.code) || result.sign === "fail";
      return refused && result.status !== undefined && isPaidStatus(result.status);
    },
    // CART-027: a server that answered with an error envelope refused with its message
    isServerRefusal: (_, { error }: { error: unknown }) => serverRefusalMessage(error) !== null,
    // CART-029: close and "my order" only once every order is done
    areAllOrdersDone: ({ context }) => context.orders.every(isDone),
  },
  actions: {
    startNext: assign({
      orders: ({ context }) => {
        const next = context.orders.findIndex((o) => o.status === SUBMIT_STATUS.waiting);
        return context.orders.map((o, i) => (i === next ? { ...o, status: SUBMIT_STATUS.uploading } : o));
      },
    }),
    settlePaid: assign({ orders: ({ context }) => settleCurrent(context, SUBMIT_STATUS.success, null) }),
    settleAlreadyPaid: assign({ orders: ({ context }) => settleCurrent(context, SUBMIT_STATUS.alreadyPaid, null) }),
    // CART-027: the refusal's message
    settleRefused: assign({
      orders: ({ context }, result: PushResult) => settleCurrent(context, SUBMIT_STATUS.failed, result.msg || null),
    }),
    settleServerRefusal: assign({
      orders: ({ context }, { error }: { error: unknown }) =>
        settleCurrent(context, SUBMIT_STATUS.failed, serverRefusalMessage(error)),
    }),
    // CART-028: no answer: a failure without a message
    settleUnanswered: assign({ orders: ({ context }) => settleCurrent(context, SUBMIT_STATUS.failed, null) }),
  },
}).createMachine({
  id: "submitQueue",
  context: ({ input }) => initialContext(input),
  initial: "open",
  states: {
    open: {
      initial: "submitting",
      on: {
        "user.close": { guard: "areAllOrdersDone", target: "closed" },
        "user.openMyOrders": { guard: "areAllOrdersDone", target: "leaving" },
      },
      states: {
        submitting: {
          initial: "next",
          states: {
            next: {
              always: [{ guard: "hasWaitingOrder", target: "uploading" }, { target: "#submitQueue.open.settling" }],
            },
            uploading: {
              tags: ["pending"],
              entry: "startNext",
              invoke: {
                id: "pushOrder",
                src: "pushOrder",
                input: pushInput,
                onDone: pushAnswered,
                onError: [
                  {
                    guard: { type: "isServerRefusal", params: pushError },
                    target: "next",
                    actions: { type: "settleServerRefusal", params: pushError },
                  },
                  // CART-028: a request that got no answer is asked again once, with the same key
                  { target: "verifying" },
                ],
              },
            },
            // The second asking of an unanswered order: the server answers the first result if it had
            // it (one charge), so the receipt says the true outcome.
            verifying: {
              tags: ["pending"],
              invoke: {
                id: "pushOrder",
                src: "pushOrder",
                input: pushInput,
                onDone: pushAnswered,
                onError: [
                  {
                    guard: { type: "isServerRefusal", params: pushError },
                    target: "next",
                    actions: { type: "settleServerRefusal", params: pushError },
                  },
                  // CART-028: still no answer: a failure without a message
                  { target: "next", actions: "settleUnanswered" },
                ],
              },
            },
          },
        },
        settling: {
          tags: ["pending"],
          invoke: {
            id: "loadBalance",
            src: "loadBalance",
            onDone: {
              target: "done",
              actions: assign({ balanceAfterCents: ({ event }) => event.output.balanceCents }),
            },
            // The receipt then says the balance after is not known; the orders' outcomes stand.
            onError: { target: "done" },
          },
        },
        done: {},
      },
    },
    closed: { type: "final" },
    leaving: { type: "final" },
  },
});

export type SubmitQueueMachine = typeof submitQueueMachine;
export type SubmitQueueSnapshot = SnapshotFrom<SubmitQueueMachine>;
