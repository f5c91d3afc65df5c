import { describe, expect, it } from "vitest";
import { createActor, fromPromise, not, setup } from "xstate";
import {
  activeStateIds,
  eventLabel,
  extractMachineGraph,
  guardName,
  indexGraph,
  nodeLabel,
  type GraphNode,
} from "../../src/features/flows/machineGraph";

const machine = setup({
  types: {} as {
    events: { type: "START" } | { type: "PAY" } | { type: "CANCEL" } | { type: "UPLOADED" } | { type: "CHECKED" };
  },
  guards: {
    hasItems: () => true,
    isAdmin: () => false,
  },
}).createMachine({
  id: "checkout",
  initial: "idle",
  on: { CANCEL: ".cancelled" },
  states: {
    idle: {
      on: { START: { target: "editing", guard: "hasItems" } },
    },
    editing: {
      initial: "cart",
      states: {
        cart: { on: { PAY: "payment" } },
        payment: { on: { PAY: { target: "#checkout.processing", guard: not("isAdmin") } } },
      },
    },
    processing: {
      type: "parallel",
      states: {
        upload: {
          initial: "pending",
          states: {
            pending: { on: { UPLOADED: "done" } },
            done: { type: "final" },
          },
        },
        check: {
          initial: "pending",
          states: {
            pending: { on: { CHECKED: "done" } },
            done: { type: "final" },
          },
        },
      },
      onDone: "complete",
    },
    complete: { type: "final" },
    cancelled: { type: "final" },
  },
});

/** Compact projection used for the structural assertion. */
type Shape = {
  id: string;
  type: string;
  initial?: string;
  transitions: { event: string; targets: string[]; guard?: string }[];
  children: Shape[];
};
function shape(n: GraphNode): Shape {
  const s: Shape = {
    id: n.id,
    type: n.type,
    transitions: n.transitions.map((t) => ({
      event: t.event,
      targets: t.targets,
      ...(t.guard ? { guard: t.guard } : {}),
    })),
    children: n.children.map(shape),
  };
  if (n.initial !== undefined) s.initial = n.initial;
  return s;
}

describe("extractMachineGraph", () => {
  const graph = extractMachineGraph(machine);

  it("extracts the full state tree with types, initial states, transitions and guards", () => {
    expect(shape(graph)).toEqual({
      id: "checkout",
      type: "compound",
      initial: "idle",
      transitions: [{ event: "CANCEL", targets: ["checkout.cancelled"] }],
      children: [
        {
          id: "checkout.idle",
          type: "atomic",
          transitions: [{ event: "START", targets: ["checkout.editing"], guard: "hasItems" }],
          children: [],
        },
        {
          id: "checkout.editing",
          type: "compound",
          initial: "cart",
          transitions: [],
          children: [
            {
              id: "checkout.editing.cart",
              type: "atomic",
              transitions: [{ event: "PAY", targets: ["checkout.editing.payment"] }],
              children: [],
            },
            {
              id: "checkout.editing.payment",
              type: "atomic",
              transitions: [{ event: "PAY", targets: ["checkout.processing"], guard: "not(isAdmin)" }],
              children: [],
            },
          ],
        },
        {
          id: "checkout.processing",
          type: "parallel",
          transitions: [{ event: "xstate.done.state.checkout.processing", targets: ["checkout.complete"] }],
          children: [
            {
              id: "checkout.processing.upload",
              type: "compound",
              initial: "pending",
              transitions: [],
              children: [
                {
                  id: "checkout.processing.upload.pending",
                  type: "atomic",
                  transitions: [{ event: "UPLOADED", targets: ["checkout.processing.upload.done"] }],
                  children: [],
                },
                { id: "checkout.processing.upload.done", type: "final", transitions: [], children: [] },
              ],
            },
            {
              id: "checkout.processing.check",
              type: "compound",
              initial: "pending",
              transitions: [],
              children: [
                {
                  id: "checkout.processing.check.pending",
                  type: "atomic",
                  transitions: [{ event: "CHECKED", targets: ["checkout.processing.check.done"] }],
                  children: [],
                },
                { id: "checkout.processing.check.done", type: "final", transitions: [], children: [] },
              ],
            },
          ],
        },
        { id: "checkout.complete", type: "final", transitions: [], children: [] },
        { id: "checkout.cancelled", type: "final", transitions: [], children: [] },
      ],
    });
  });

  it("classifies transition kinds and keeps keys/paths", () => {
    const index = indexGraph(graph);
    const processing = index.get("checkout.processing");
    expect(processing?.transitions[0]?.kind).toBe("done");
    expect(processing?.transitions[0] && eventLabel(processing.transitions[0])).toBe("onDone");
    expect(index.get("checkout.idle")?.transitions[0]?.kind).toBe("event");
    const payment = index.get("checkout.editing.payment");
    expect(payment?.key).toBe("payment");
    expect(payment && nodeLabel(payment)).toBe("editing.payment");
    expect(nodeLabel(graph)).toBe("checkout");
    expect(index.size).toBe(14);
  });

  it("handles eventless, delayed and targetless transitions", () => {
    const m = setup({}).createMachine({
      id: "t",
      initial: "a",
      states: {
        a: {
          always: { target: "b", guard: ({ context }) => context === undefined },
          on: { PING: { actions: () => {} } },
        },
        b: { after: { 1000: "a" } },
      },
    });
    const g = indexGraph(extractMachineGraph(m));
    const a = g.get("t.a");
    expect(a?.transitions.map((t) => [t.kind, t.event, t.targets])).toEqual([
      ["event", "PING", []],
      ["always", "", ["t.b"]],
    ]);
    expect(a?.transitions[1]?.guard).toBeTypeOf("string");
    const after = g.get("t.b")?.transitions[0];
    expect(after?.kind).toBe("after");
    expect(after?.delay).toBe(1000);
    expect(after?.targets).toEqual(["t.a"]);
    expect(after && eventLabel(after)).toBe("after 1000");
  });
});

describe("guardName", () => {
  it("names string, object, inline and higher-order guards", () => {
    expect(guardName(undefined)).toBeUndefined();
    expect(guardName("isValid")).toBe("isValid");
    expect(guardName({ type: "isAbove", params: { n: 3 } })).toBe("isAbove");
    expect(guardName(not("isAdmin"))).toBe("not(isAdmin)");
    function canPay() {
      return true;
    }
    expect(guardName(canPay)).toBe("canPay");
  });
});

describe("activeStateIds", () => {
  it("names the actors a state invokes (child machines and requests), by source", () => {
    const child = setup({}).createMachine({ id: "child" });
    const parent = setup({ actors: { child, load: fromPromise(async () => 1) } }).createMachine({
      id: "parent",
      initial: "busy",
      invoke: { id: "always", src: "child" },
      states: { busy: { invoke: [{ src: "load" }, { id: "second", src: "child" }] }, idle: {} },
    });
    const graph = extractMachineGraph(parent);
    expect(graph.invokes).toEqual(["child"]);
    expect(graph.children.map((n) => [n.key, n.invokes])).toEqual([
      ["busy", ["load", "child"]],
      ["idle", []],
    ]);
  });

  it("returns the active atomic states and all their ancestors", () => {
    const actor = createActor(machine).start();
    actor.send({ type: "START" });
    actor.send({ type: "PAY" });
    actor.send({ type: "PAY" });
    actor.send({ type: "UPLOADED" });
    const ids = activeStateIds(actor.getSnapshot());
    expect([...ids].sort()).toEqual(
      [
        "checkout",
        "checkout.processing",
        "checkout.processing.upload",
        "checkout.processing.upload.done",
        "checkout.processing.check",
        "checkout.processing.check.pending",
      ].sort(),
    );
    expect(activeStateIds(undefined).size).toBe(0);
    actor.stop();
  });
});
