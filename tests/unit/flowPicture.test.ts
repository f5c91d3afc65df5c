import { describe, expect, it } from "vitest";
import ELK from "elkjs/lib/elk.bundled.js";
import { not } from "xstate";
import { ACTOR_LABELS, GUARD_LABELS } from "../../machines/flowLabels";
import { FLOWS } from "../../src/features/flows/catalog";
import {
  extractMachineGraph,
  guardName,
  guardRefs,
  type GraphNode,
  type GraphTransition,
} from "../../src/features/flows/machineGraph";
import { guardText, refusingRule, textWidth, triggerText } from "../../src/features/flows/labels";
import {
  buildPictureModel,
  fromElk,
  layoutKey,
  pictureFrom,
  storeLayout,
  toElkGraph,
  type StoredLayout,
} from "../../src/features/flows/layout";

const machines = FLOWS.flatMap((f) => (f.machine ? [{ id: f.id, machine: f.machine }] : []));

const walk = (node: GraphNode, visit: (n: GraphNode) => void) => {
  visit(node);
  node.children.forEach((c) => walk(c, visit));
};

/** Each machine's graph as the picture draws it: states, transitions, and the arrows among them. */
const EXPECTED: Record<string, { states: number; transitions: number; arrows: number }> = {
  quickOrder: { states: 23, transitions: 102, arrows: 39 },
  newOrder: { states: 30, transitions: 136, arrows: 50 },
  professionalOrder: { states: 21, transitions: 96, arrows: 39 },
  styleOrder: { states: 19, transitions: 67, arrows: 28 },
  saveItems: { states: 4, transitions: 16, arrows: 5 },
  balanceDistribution: { states: 8, transitions: 21, arrows: 15 },
  submitQueue: { states: 10, transitions: 16, arrows: 16 },
  cartItem: { states: 8, transitions: 67, arrows: 19 },
  session: { states: 20, transitions: 34, arrows: 28 },
  calculator: { states: 7, transitions: 19, arrows: 11 },
  price: { states: 10, transitions: 13, arrows: 13 },
  upload: { states: 3, transitions: 5, arrows: 3 },
  shipmentCreation: { states: 10, transitions: 32, arrows: 16 },
};

describe("the flow pictures' graphs", () => {
  it("lists every machine of the table, and only those", () => {
    expect(machines.map((m) => m.id).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(machines)("$id has its states, transitions and arrows", ({ id, machine }) => {
    const graph = extractMachineGraph(machine);
    let states = 0;
    let transitions = 0;
    walk(graph, (n) => {
      states += 1;
      transitions += n.transitions.length;
    });
    expect({ states, transitions, arrows: buildPictureModel(graph, "en").edges.length }).toEqual(EXPECTED[id]);
  });
});

describe("the labels come from data", () => {
  it.each(machines)("every guard of $id has rule IDs and a description in English and Chinese", ({ machine }) => {
    const names = new Set(Object.keys(machine.implementations.guards));
    walk(extractMachineGraph(machine), (n) =>
      n.transitions.forEach((t) => t.guardRefs.forEach((r) => names.add(r.name))),
    );
    for (const name of names) {
      const label = GUARD_LABELS[name];
      expect(label, name).toBeDefined();
      expect(label!.rules.length, name).toBeGreaterThan(0);
      for (const rule of label!.rules) expect(rule, name).toMatch(/^[A-Z]+-\d+$/);
      expect(label!.en.trim(), name).not.toBe("");
      expect(label!.zh, name).toMatch(/[\u4e00-\u9fff]/);
      if (label!.kind !== "branch") {
        expect(label!.refusal?.en.trim(), name).toBeTruthy();
        expect(label!.refusal?.zh, name).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it.each(machines)("every invoked actor of $id reads as words, never xstate.done.actor.*", ({ machine }) => {
    walk(extractMachineGraph(machine), (n) => {
      for (const src of n.invokes) expect(ACTOR_LABELS[src], src).toBeDefined();
      for (const t of n.transitions)
        for (const lang of ["en", "zh"] as const) {
          expect(triggerText(t, lang)).not.toMatch(/^xstate\./);
          expect(guardText(t, lang) ?? "").not.toMatch(/\bt\(|\binline\b/);
        }
    });
  });

  it("reads a combinator by its check, not its name (a production build renames it)", () => {
    const guard = not("hasFabric");
    Object.defineProperty(guard, "name", { value: "t" });
    expect(guardName(guard)).toBe("not(hasFabric)");
    expect(guardRefs(guard)).toEqual([{ name: "hasFabric", negated: true }]);
  });

  it.each([
    [
      { kind: "invoke", event: "xstate.done.actor.checkStock", actor: { src: "checkStock", outcome: "done" } },
      "en",
      "when checking the stock succeeds",
    ],
    [
      { kind: "invoke", event: "xstate.error.actor.checkStock", actor: { src: "checkStock", outcome: "error" } },
      "en",
      "when checking the stock fails",
    ],
    [
      { kind: "invoke", event: "xstate.done.actor.checkStock", actor: { src: "checkStock", outcome: "done" } },
      "zh",
      "检查库存成功时",
    ],
    [{ kind: "after", event: "xstate.after.500.cartItem.amountChanged", delay: 500 }, "en", "after 500 ms"],
    [{ kind: "after", event: "xstate.after.PRICE_TIP.x", delay: "PRICE_TIP" }, "zh", "PRICE_TIP 之后"],
    [{ kind: "always", event: "" }, "en", "immediately (no event)"],
    [{ kind: "done", event: "xstate.done.state.x" }, "en", "when done"],
    [{ kind: "event", event: "user.next" }, "en", "user.next"],
  ] as const)("trigger %j in %s reads %s", (t, lang, text) => {
    expect(triggerText({ targets: [], guardRefs: [], actions: [], reenter: false, ...t }, lang)).toBe(text);
  });

  it.each([
    [[{ name: "hasFabric", negated: true }], "en", "if not: A fabric is chosen · QO-134…", "hasFabric"],
    [[{ name: "hasFabric", negated: true }], "zh", "若不满足：已选择面料 · QO-134…", "hasFabric"],
    [
      [{ name: "isUsernameMissing", negated: false }],
      "en",
      "if: The username is empty · SHELL-113",
      "isUsernameMissing",
    ],
    [
      [{ name: "hasWaitingOrder", negated: false }],
      "en",
      "if: An order is still waiting to be paid · CART-026",
      undefined,
    ],
    [[{ name: "hasFabric", negated: false }], "en", "if: A fabric is chosen · QO-134…", undefined],
  ] as const)("guard %j in %s reads %s and refuses by %s", (refs, lang, text, refusedBy) => {
    const t: GraphTransition = {
      kind: "event",
      event: "e",
      targets: [],
      guard: "g",
      guardRefs: [...refs],
      actions: [],
      reenter: false,
    };
    expect(guardText(t, lang)).toBe(text);
    expect(refusingRule(t)?.name).toBe(refusedBy);
  });

  it("measures Chinese wider than Latin text", () => {
    expect(textWidth("已选择面料", 10)).toBe(50);
    expect(textWidth("abcde", 10)).toBe(29);
  });
});

describe("the layout", () => {
  it("nests states as boxes and places every arrow with its label (quick order)", async () => {
    const model = buildPictureModel(extractMachineGraph(FLOWS.find((f) => f.id === "quickOrder")!.machine!), "en");
    const elkGraph = toElkGraph(model);
    expect(elkGraph.layoutOptions?.["elk.hierarchyHandling"]).toBe("INCLUDE_CHILDREN");
    expect(elkGraph.children?.map((c) => c.id)).toContain("quickOrder.basicInfo");
    const picture = fromElk(model, await new ELK().layout(elkGraph));
    const byId = new Map(picture.nodes.map((n) => [n.id, n]));
    for (const node of picture.nodes) {
      if (!node.parent || node.parent === picture.id) continue;
      const parent = byId.get(node.parent)!;
      expect(node.x, node.id).toBeGreaterThanOrEqual(parent.x);
      expect(node.y, node.id).toBeGreaterThanOrEqual(parent.y);
      expect(node.x + node.width, node.id).toBeLessThanOrEqual(parent.x + parent.width + 0.5);
      expect(node.y + node.height, node.id).toBeLessThanOrEqual(parent.y + parent.height + 0.5);
    }
    for (const edge of picture.edges) {
      expect(edge.points.length, edge.id).toBeGreaterThanOrEqual(2);
      expect(edge.label, edge.id).toBeDefined();
    }
    // the refusals of step 1 are lines in its form's box, each naming its rule
    const form = byId.get("quickOrder.basicInfo.form")!;
    expect(form.lines.filter((l) => l.refusal).map((l) => l.guard)).toEqual([
      "if not: The customer's name, nickname, height, weight, unit and gender are given · QO-130…",
      "if not: A fabric is chosen · QO-134…",
      "if not: A fabric from our stock is in stock · QO-163",
      "if not: A chosen accessory that takes a value or a picture has it · QO-136",
    ]);
  });
});

const KEPT = import.meta.glob<StoredLayout>("../../src/features/flows/layouts/*.json", {
  import: "default",
  eager: true,
});

describe("the kept layouts (npm run flows:layouts)", () => {
  it("keys a graph by its words: another language or label is another key", () => {
    const graph = extractMachineGraph(FLOWS.find((f) => f.id === "quickOrder")!.machine!);
    const en = toElkGraph(buildPictureModel(graph, "en"));
    expect(layoutKey(en)).toBe(layoutKey(toElkGraph(buildPictureModel(graph, "en"))));
    expect(layoutKey(en)).not.toBe(layoutKey(toElkGraph(buildPictureModel(graph, "zh"))));
    const relabelled = { ...en, edges: en.edges?.map((e, i) => (i === 0 ? { ...e, labels: [] } : e)) };
    expect(layoutKey(relabelled)).not.toBe(layoutKey(en));
  });

  it("round-trips what ELK placed, to a tenth of a pixel", async () => {
    const model = buildPictureModel(extractMachineGraph(FLOWS.find((f) => f.id === "session")!.machine!), "en");
    const laid = await new ELK().layout(toElkGraph(model));
    const direct = fromElk(model, laid);
    const kept = pictureFrom(model, JSON.parse(JSON.stringify(storeLayout("k", laid))) as StoredLayout);
    expect(kept).toEqual(direct);
  });

  it.each(FLOWS.filter((f) => f.machine).flatMap((f) => (["en", "zh"] as const).map((lang) => [f.id, lang] as const)))(
    "%s (%s): the kept layout matches the machine's graph and places every box and arrow",
    (id, lang) => {
      const model = buildPictureModel(extractMachineGraph(FLOWS.find((f) => f.id === id)!.machine!), lang);
      const kept = KEPT[`../../src/features/flows/layouts/${id}.${lang}.json`];
      expect(kept, "run npm run flows:layouts").toBeDefined();
      expect(kept!.key, "run npm run flows:layouts").toBe(layoutKey(toElkGraph(model)));
      expect(Object.keys(kept!.nodes).sort()).toEqual(model.nodes.map((n) => n.id).sort());
      expect(Object.keys(kept!.edges).sort()).toEqual(model.edges.map((e) => e.id).sort());
    },
  );
});
