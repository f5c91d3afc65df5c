import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  balanceDistributionMachine,
  distributionRequest,
  type DistributionRequest,
  type SubAccountRow,
} from "../../machines/balanceDistribution/balanceDistribution.machine.ts";
import {
  selectChildren,
  selectModal,
  selectRefusal,
} from "../../machines/balanceDistribution/balanceDistribution.selectors.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import { allStateNodeIds, edgeCoverage, reachedStateNodeIds, transitionPaths, modelEdges } from "./paths.ts";
import {
  ACCOUNTS,
  CHILD,
  REFUSED,
  balanceAdjacency,
  balanceShortestPaths,
  serializeBalance,
} from "./balanceDistribution.model.ts";
import { createController, replay, type ReplayDriver } from "./replay.ts";

const MODEL = { machine: balanceDistributionMachine, serialize: serializeBalance };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A real page machine whose promise actors the replay settles. */
function driver(): ReplayDriver {
  const controller = createController();
  const actor = createActor(
    balanceDistributionMachine.provide({
      actors: {
        loadAccounts: controller.actor<SubAccountRow[], { username: string }>("loadAccounts"),
        distribute: controller.actor<SubAccountRow, DistributionRequest>("distribute"),
        updateStatus: controller.actor<SubAccountRow, { username: string; status: number }>("updateStatus"),
        endNoLimit: controller.actor<SubAccountRow, { memberId: number }>("endNoLimit"),
      },
    }),
  ).start();
  return {
    send: (event) => actor.send(event as never),
    settle: (event) => {
      controller.settle(event);
    },
    check(expected) {
      const real = actor.getSnapshot();
      expect(real.value).toEqual(expected.value);
      expect(serializeBalance(real)).toBe(serializeBalance(expected));
      expect(real.hasTag("pending")).toBe(expected.hasTag("pending"));
    },
  };
}

describe("balanceDistribution model (xstate/graph)", () => {
  const shortest = balanceShortestPaths();
  const adjacency = balanceAdjacency();

  it("SUB-020 SUB-021 SUB-026 SUB-028 SUB-040: the shortest paths reach every state node of the machine", () => {
    const reached = reachedStateNodeIds(shortest);
    expect(allStateNodeIds(balanceDistributionMachine.root).filter((id) => !reached.has(id))).toEqual([]);
    expect(shortest.length).toBeGreaterThan(20);
  });

  it("every transition of the model is exercised by a transition path", () => {
    const { edges, unexercised } = edgeCoverage(shortest, adjacency, serializeBalance);
    expect(edges.length).toBe(modelEdges(adjacency).length);
    expect(unexercised).toEqual([]);
  });

  it("the transition tours replay on a real actor with the same states", async () => {
    const paths = transitionPaths(shortest, adjacency, serializeBalance);
    for (const path of paths) await replay(path, MODEL, driver());
  });
});

describe("balanceDistribution guards and calls", () => {
  const start = () => {
    const calls: DistributionRequest[] = [];
    let fail: Error | null = null;
    const actor = createActor(
      balanceDistributionMachine.provide({
        actors: {
          loadAccounts: fromPromise(async () => ACCOUNTS),
          distribute: fromPromise(async ({ input }: { input: DistributionRequest }) => {
            calls.push(input);
            if (fail) throw fail;
            return { ...CHILD, balance: "0.00", subAmount: "0.00" };
          }),
          updateStatus: fromPromise<SubAccountRow, { username: string; status: number }>(async () => {
            throw new ApiError(500, "down", 500);
          }),
          endNoLimit: fromPromise(async () => CHILD),
        },
      }),
    ).start();
    return { actor, calls, failWith: (e: Error) => (fail = e) };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("SUB-026 SUB-027: submit is greyed out and refused without an amount; SUB-030 No limit has none", async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: "user.open", action: "recharge", memberId: 2 });
    expect(selectModal(actor.getSnapshot())!.canSubmit).toBe(false);
    actor.send({ type: "user.submit" });
    expect(selectRefusal(actor.getSnapshot())).toEqual({ key: "balance.amountRequired" });
    actor.send({ type: "user.cancel" });
    actor.send({ type: "user.open", action: "noLimit", memberId: 2 });
    expect(selectModal(actor.getSnapshot())!.hasAmountField).toBe(false);
    expect(selectModal(actor.getSnapshot())!.canSubmit).toBe(true);
  });

  it("SUB-028 SUB-029: above rechargeAmount or subAmount shows overstep and is refused", async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: "user.open", action: "takeBack", memberId: 2 });
    actor.send({ type: "user.changeAmount", amount: "10.01" });
    expect(selectModal(actor.getSnapshot())!.overstep).toBe(true);
    actor.send({ type: "user.submit" });
    expect(selectRefusal(actor.getSnapshot())).toEqual({ key: "balance.overstep" });
    expect(calls).toEqual([]);
  });

  it("SUB-022 SUB-023 SUB-024 SUB-025 SUB-031: the type and the price as a number; one key per action", async () => {
    const { actor, calls } = start();
    await settle();
    const send = async (action: "recharge" | "takeBack" | "noLimit", amount?: string) => {
      actor.send({ type: "user.open", action, memberId: 2 });
      if (amount) actor.send({ type: "user.changeAmount", amount });
      actor.send({ type: "user.submit" });
      await settle();
    };
    await send("recharge", "5.5");
    expect(calls.at(-1)).toMatchObject({ memberId: 2, price: 5.5, type: 3 });
    expect(calls.at(-1)!.idempotencyKey).toMatch(UUID);
    // The answer took the child to 0.00: reload the real figures for the next checks.
    actor.send({ type: "user.search", username: "" });
    await settle();
    await send("takeBack", "10");
    expect(calls.at(-1)).toMatchObject({ price: 10, type: 4 });
    actor.send({ type: "user.search", username: "" });
    await settle();
    await send("takeBack", "3.25");
    expect(calls.at(-1)).toMatchObject({ price: 3.25, type: 5 });
    await send("noLimit");
    expect(calls.at(-1)).toEqual({ memberId: 2, type: 6, idempotencyKey: expect.stringMatching(UUID) });
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(calls.length);
  });

  it("SUB-042: a refusal shows the server's message and a retry keeps the key", async () => {
    const { actor, calls, failWith } = start();
    await settle();
    failWith(new ApiError(1002, REFUSED, 200));
    actor.send({ type: "user.open", action: "recharge", memberId: 2 });
    actor.send({ type: "user.changeAmount", amount: "5" });
    actor.send({ type: "user.submit" });
    await settle();
    expect(selectRefusal(actor.getSnapshot())).toEqual({ key: "server", text: REFUSED });
    actor.send({ type: "user.submit" });
    await settle();
    expect(calls[0]!.idempotencyKey).toBe(calls[1]!.idempotencyKey);
    expect(distributionRequest(actor.getSnapshot().context).idempotencyKey).toBe(calls[0]!.idempotencyKey);
  });

  it("SUB-020 SUB-021: the switch moves at once and moves back when the call fails", async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: "user.toggleStatus", memberId: 2 });
    expect(selectChildren(actor.getSnapshot())[0]!.status).toBe(0);
    await settle();
    expect(selectChildren(actor.getSnapshot())[0]!.status).toBe(1);
    expect(selectRefusal(actor.getSnapshot())).toEqual({ key: "server", text: "down" });
  });
});
