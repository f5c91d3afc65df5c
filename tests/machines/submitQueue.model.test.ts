import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { createTestModel } from "xstate/graph";
import {
  SUBMIT_STATUS,
  submitQueueMachine,
  type PushRequest,
  type PushResult,
  type SubmitQueueContext,
  type SubmitQueueEvent,
} from "../../machines/submitQueue/submitQueue.machine.ts";
import { canLeaveQueue, selectReceipt } from "../../machines/submitQueue/submitQueue.selectors.ts";
import {
  allStateNodeIds,
  allStateNodes,
  modelEdges,
  reachedStateNodeIds,
  serializeModelEvent,
  transientStateNodeIds,
  transitionPaths,
  edgeCoverage,
} from "./paths.ts";
import {
  QUEUE_INPUT,
  serializeSubmitQueue,
  submitQueueAdjacency,
  submitQueueModelEvents,
  submitQueueShortestPaths,
} from "./submitQueue.model.ts";
import { createController, replay, type ReplayDriver } from "./replay.ts";

// 1 + 4 + 16 outcomes × (settling, done ×2, closed ×2, leaving ×2)
const STATES = 187;
const TRANSITIONS = 272;
const INVOKED = ["pushOrder", "loadBalance"] as const;
const MODEL = { machine: submitQueueMachine, input: QUEUE_INPUT, serialize: serializeSubmitQueue };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The context without the random keys (the pure machine and the real actor each made their own). */
const withoutKeys = (c: SubmitQueueContext) => ({ ...c, orders: c.orders.map(({ key: _key, ...o }) => o) });

/** A real queue whose promise actors the replay settles. */
function queueDriver(): ReplayDriver {
  const controller = createController();
  let checkedInputs = 0;
  const actor = createActor(
    submitQueueMachine.provide({
      actors: {
        pushOrder: controller.actor<PushResult, PushRequest>("pushOrder"),
        loadBalance: controller.actor<{ balanceCents: number }, unknown>("loadBalance"),
      },
    }),
    { input: QUEUE_INPUT },
  ).start();
  const keys = actor.getSnapshot().context.orders.map((o) => o.key);
  return {
    send: (event) => actor.send(event as SubmitQueueEvent),
    settle: (event) => {
      controller.settle(event);
    },
    check(expected) {
      const real = actor.getSnapshot();
      expect(real.value).toEqual(expected.value);
      expect(withoutKeys(real.context)).toEqual(withoutKeys(expected.context as SubmitQueueContext));
      expect(real.hasTag("pending")).toBe(expected.hasTag("pending"));
      // One key per order, made at start and never changed.
      expect(real.context.orders.map((o) => o.key)).toEqual(keys);
      expect(
        [...controller.running.keys()].sort(),
        "CART-026 at most one pushOrder runs, and only while uploading",
      ).toEqual(
        Object.keys(expected.children)
          .filter((id) => (INVOKED as readonly string[]).includes(id))
          .sort(),
      );
      for (const { id, input } of controller.inputs.slice(checkedInputs)) {
        if (id === "pushOrder") {
          const order = real.context.orders.find((o) => o.id === (input as PushRequest).orderId)!;
          // CART-046: each order is sent with its own key
          expect(input).toEqual({ orderId: order.id, idempotencyKey: order.key });
        } else expect(input).toBeUndefined();
      }
      checkedInputs = controller.inputs.length;
      // CART-025: at most one order uploading at any time
      expect(real.context.orders.filter((o) => o.status === SUBMIT_STATUS.uploading).length).toBeLessThanOrEqual(1);
    },
  };
}

describe("submitQueue model (xstate/graph)", () => {
  it("createTestModel refuses machines with invocations, so the paths come from getShortestPaths", () => {
    expect(() => createTestModel(submitQueueMachine)).toThrow(/Invocations/);
  });

  it(`there is one shortest path to each of the ${STATES} states`, () => {
    const paths = submitQueueShortestPaths();
    expect(paths.length).toBe(STATES);
    expect(new Set(paths.map((p) => serializeSubmitQueue(p.state))).size).toBe(STATES);
  });

  it("every state node is reached by a shortest path", () => {
    const reached = reachedStateNodeIds(submitQueueShortestPaths());
    const all = allStateNodeIds(submitQueueMachine.root);
    expect(all.sort()).toEqual([
      "submitQueue.closed",
      "submitQueue.leaving",
      "submitQueue.open",
      "submitQueue.open.done",
      "submitQueue.open.settling",
      "submitQueue.open.submitting",
      "submitQueue.open.submitting.next",
      "submitQueue.open.submitting.uploading",
      "submitQueue.open.submitting.verifying",
    ]);
    // `next` only chooses the next order or the end: it is never a stable snapshot.
    expect(transientStateNodeIds(submitQueueMachine.root)).toEqual(["submitQueue.open.submitting.next"]);
    expect(all.filter((id) => !reached.has(id) && id !== "submitQueue.open.submitting.next")).toEqual([]);
  });

  it("the model's events cover every event the machine handles", () => {
    const handled = new Set(allStateNodes(submitQueueMachine.root).flatMap((node) => node.ownEvents as string[]));
    const modelled = new Set(modelEdges(submitQueueAdjacency()).map(({ event }) => event.type));
    expect([...modelled].sort()).toEqual([...handled].sort());
    expect(new Set(submitQueueModelEvents.map((e) => e.type))).toEqual(modelled);
  });

  it("CART-029 in every reachable state close and my order are accepted exactly when every order is done", () => {
    for (const path of submitQueueShortestPaths()) {
      const s = path.state;
      if (s.status === "done") continue;
      expect(s.can({ type: "user.close" })).toBe(canLeaveQueue(s as never));
      expect(s.can({ type: "user.openMyOrders" })).toBe(canLeaveQueue(s as never));
    }
  });

  it("CART-026 in every reachable state at most one order is uploading, and none after a waiting one", () => {
    for (const path of submitQueueShortestPaths()) {
      const statuses = (path.state.context as SubmitQueueContext).orders.map((o) => o.status);
      expect(statuses.filter((s) => s === SUBMIT_STATUS.uploading).length).toBeLessThanOrEqual(1);
      const firstWaiting = statuses.indexOf(SUBMIT_STATUS.waiting);
      if (firstWaiting >= 0) expect(statuses.slice(firstWaiting).every((s) => s === SUBMIT_STATUS.waiting)).toBe(true);
    }
  });

  it("the receipt's paid total is the sum of the paid orders in every finished state", () => {
    const finished = submitQueueShortestPaths().filter((p) => p.state.matches({ open: "done" }));
    // 5 outcomes of each of two orders (paid, refused with a message, refused without one or with no
    // answer twice, refused with the server's error, already paid) × balance known or not
    expect(finished.length).toBe(50);
    for (const path of finished) {
      const receipt = selectReceipt(path.state as never);
      const c = path.state.context as SubmitQueueContext;
      expect(receipt.paid.length + receipt.alreadyPaid.length + receipt.failed.length).toBe(c.orders.length);
      expect(receipt.paidTotalCents).toBe(receipt.paid.reduce((sum, o) => sum + o.priceCents, 0));
    }
  });

  it(`the ${TRANSITIONS} transitions of the adjacency map are each exercised by a path`, () => {
    const { edges, unexercised } = edgeCoverage(
      submitQueueShortestPaths(),
      submitQueueAdjacency(),
      serializeSubmitQueue,
    );
    expect(edges.length).toBe(TRANSITIONS);
    expect(unexercised).toEqual([]);
  });

  it("a real actor takes every transition of the model, and so follows every shortest path", async () => {
    const paths = transitionPaths(submitQueueShortestPaths(), submitQueueAdjacency(), serializeSubmitQueue);
    const replayed = new Set(paths.map((p) => p.steps.map((s) => serializeModelEvent(s.event)).join("|")));
    expect(
      submitQueueShortestPaths().filter(
        (p) => p.steps.length > 1 && !replayed.has(p.steps.map((s) => serializeModelEvent(s.event)).join("|")),
      ),
    ).toEqual([]);
    for (const path of paths) await replay(path, MODEL, queueDriver());
    expect(paths.length).toBe(TRANSITIONS);
  });

  it("the keys are UUIDs, one per order", () => {
    const keys = createActor(submitQueueMachine, { input: QUEUE_INPUT })
      .getSnapshot()
      .context.orders.map((o) => o.key);
    expect(keys.every((k) => UUID.test(k))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
