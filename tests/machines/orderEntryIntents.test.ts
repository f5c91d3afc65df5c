import { beforeEach, describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import {
  quickOrderMachine,
  type DraftInput,
  type LoadSetupInput,
  type OrderMode,
  type OrderSaved,
  type QuickOrderContext,
  type QuickOrderEvent,
  type QuickOrderSetup,
  type RememberedPicks,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import { newOrderMachine } from "../../machines/newOrder/newOrder.machine.ts";
import { PRICE_TIP_MS } from "../../machines/orderEntry/setup.ts";
import {
  craftAsksForLogo,
  selectFabricPicked,
  selectFabricSearch,
  selectHasStandardChoice,
  selectOffersPresize,
  selectOffersStandardSizes,
  selectPriceTip,
  selectShownParts,
  selectSummaryContrast,
  selectSummaryCrafts,
  selectSummaryMonogram,
} from "../../machines/orderEntry/selectors.ts";
import { keepSelections, recall } from "../../src/features/quickOrder/selectionCache.ts";
import type { CraftNode } from "../../domain/crafts.ts";
import { craft, CUSTOMER, IN_STOCK_FABRIC, SAVED_CONTRAST_SITES, SUIT_TREE } from "./quickOrder.fixtures.ts";

/**
 * What the order-entry views send and read, driven through the machines: the price tip (QO-038, a
 * delayed transition driven by a simulated clock, never the wall clock), the contrast intents
 * (QO-035, QO-143, QO-144) and the per-category cache the order tells (QO-083, QO-084).
 */

/** Vents (RADIO): single (default, no surcharge), double (+12.00), none (+8.00); Extras (CHECKBOX): a priced pick. */
const PRICED_TREE: CraftNode[] = [
  ...SUIT_TREE,
  craft(30, null, "Vents", {
    children: [
      craft(31, 30, "Single vent", { isDefault: 1 }),
      craft(32, 30, "Double vents", { price: "12.00" }),
      craft(33, 30, "No vent", { price: "8.00", moneyType: "USD" }),
    ],
  }),
  craft(60, null, "Extras", {
    chooseType: "CHECKBOX",
    children: [craft(61, 60, "Pick stitching", { price: "20.00" }), craft(62, 60, "Hanger loop", { price: "0.00" })],
  }),
];
const SETUP: QuickOrderSetup = {
  ecode: "MSUIT",
  tree: PRICED_TREE,
  methods: [10053],
  contrastSites: SAVED_CONTRAST_SITES,
};

const actors = (setup: QuickOrderSetup) => ({
  loadSetup: fromPromise<QuickOrderSetup, LoadSetupInput>(async () => setup),
  checkStock: fromPromise<{ inStock: boolean }, { code: string }>(async () => ({ inStock: true })),
  saveOrder: fromPromise<OrderSaved, DraftInput>(async () => ({ orderId: "Q-1" })),
});

function startQuick(options: { mode?: OrderMode; orderId?: string; setup?: QuickOrderSetup } = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(quickOrderMachine.provide({ actors: actors(options.setup ?? SETUP) }), {
    input: { categoryId: 3000, mode: options.mode ?? "new", orderId: options.orderId },
    clock,
  }).start();
  const send = (event: QuickOrderEvent) => actor.send(event);
  const tip = () => selectPriceTip(actor.getSnapshot());
  async function toCrafts() {
    await waitFor(actor, (s) => s.matches({ basicInfo: { stock: "idle" } }));
    send({ type: "user.pickCustomer", customer: CUSTOMER });
    send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    await waitFor(actor, (s) => s.matches({ basicInfo: { stock: "idle" } }) && s.context.fabric.inStock === true);
    send({ type: "user.next" });
    expect(actor.getSnapshot().matches("crafts")).toBe(true);
  }
  return { actor, clock, send, tip, toCrafts };
}

describe("the price tip of a chosen option (QO-038)", () => {
  it("QO-038 choosing a priced option shows its surcharge tip for 3 seconds, then the order hides it", async () => {
    const q = startQuick();
    await q.toCrafts();
    expect(q.tip()).toBeNull();
    q.send({ type: "user.toggleOption", id: 33 });
    expect(q.tip()).toBe(33);
    expect(q.actor.getSnapshot().matches({ crafts: { priceTip: "shown" } })).toBe(true);
    q.clock.increment(PRICE_TIP_MS - 1);
    expect(q.tip()).toBe(33);
    q.clock.increment(1);
    expect(q.tip()).toBeNull();
    expect(q.actor.getSnapshot().matches({ crafts: { priceTip: "hidden" } })).toBe(true);
    // the option itself stays chosen
    expect(q.actor.getSnapshot().context.crafts.selected).toContain(33);
    expect(PRICE_TIP_MS).toBe(3000);
  });

  it("QO-038 an option without a surcharge shows no tip; another priced pick shows its own tip for a fresh 3 seconds", async () => {
    const q = startQuick();
    await q.toCrafts();
    q.send({ type: "user.toggleOption", id: 62 }); // +0.00
    expect(q.tip()).toBeNull();
    q.send({ type: "user.toggleOption", id: 22 }); // no price
    expect(q.tip()).toBeNull();
    q.send({ type: "user.toggleOption", id: 33 });
    q.clock.increment(2000);
    q.send({ type: "user.toggleOption", id: 61 });
    expect(q.tip()).toBe(61);
    q.clock.increment(2000);
    expect(q.tip()).toBe(61);
    q.clock.increment(PRICE_TIP_MS - 2000);
    expect(q.tip()).toBeNull();
  });

  it("QO-038 unchoosing the tipped option, or a RADIO sibling replacing it, takes its tip away at once", async () => {
    const q = startQuick();
    await q.toCrafts();
    q.send({ type: "user.toggleOption", id: 61 });
    expect(q.tip()).toBe(61);
    q.send({ type: "user.toggleOption", id: 61 });
    expect(q.tip()).toBeNull();
    expect(q.actor.getSnapshot().matches({ crafts: { priceTip: "hidden" } })).toBe(true);

    q.send({ type: "user.toggleOption", id: 33 });
    expect(q.tip()).toBe(33);
    // an unrelated pick leaves the tip as it is
    q.send({ type: "user.toggleOption", id: 22 });
    expect(q.tip()).toBe(33);
    // the unpriced RADIO sibling replaces No vent
    q.send({ type: "user.toggleOption", id: 31 });
    expect(q.actor.getSnapshot().context.crafts.selected).not.toContain(33);
    expect(q.tip()).toBeNull();
  });

  it("QO-038 leaving the crafts step takes the tip away", async () => {
    const q = startQuick();
    await q.toCrafts();
    q.send({ type: "user.toggleOption", id: 32 });
    expect(q.tip()).toBe(32);
    q.send({ type: "user.previous" });
    expect(q.actor.getSnapshot().matches("basicInfo")).toBe(true);
    expect(q.tip()).toBeNull();
  });

  it("QO-038 the simple order's craft steps show the tip for 3 seconds too", async () => {
    const clock = new SimulatedClock();
    const actor = createActor(newOrderMachine.provide({ actors: actors(SETUP) }), {
      input: { categoryId: 3000 },
      clock,
    }).start();
    await waitFor(actor, (s) => s.matches({ crafting: "fabricCrafts" }));
    actor.send({ type: "user.toggleOption", id: 32 });
    expect(actor.getSnapshot().context.priceTip).toBe(32);
    // the pick itself is taken beside its tip
    expect(actor.getSnapshot().context.crafts.selected).toContain(32);
    clock.increment(PRICE_TIP_MS);
    expect(actor.getSnapshot().context.priceTip).toBeNull();
    actor.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    await waitFor(actor, (s) => s.context.fabric.inStock === true);
    actor.send({ type: "user.next" });
    expect(actor.getSnapshot().matches({ crafting: "furtherCrafts" })).toBe(true);
    actor.send({ type: "user.toggleOption", id: 61 });
    expect(actor.getSnapshot().context.priceTip).toBe(61);
    expect(actor.getSnapshot().context.crafts.selected).toContain(61);
    clock.increment(PRICE_TIP_MS - 1);
    expect(actor.getSnapshot().context.priceTip).toBe(61);
    clock.increment(1);
    expect(actor.getSnapshot().context.priceTip).toBeNull();
  });
});

describe("what the step views read", () => {
  it("QO-037 the logo craft (3800106) asks for the logo to be sent to the account manager; no other craft does", () => {
    expect(craftAsksForLogo({ id: 3800106 })).toBe(true);
    expect(craftAsksForLogo({ id: 33 })).toBe(false);
  });

  it("QO-021 QO-110 QO-022 the fabric search runs while a system fabric is typed; a picked one is cleared whole; CMT text is the fabric", async () => {
    const q = startQuick();
    await waitFor(q.actor, (s) => s.matches({ basicInfo: { stock: "idle" } }));
    const snap = () => q.actor.getSnapshot();
    expect(selectFabricSearch(snap())).toBeNull();
    q.send({ type: "user.typeFabric", code: "VB1" });
    expect(selectFabricSearch(snap())).toBe("VB1");
    expect(selectFabricPicked(snap())).toBe(false);
    q.send({ type: "user.typeFabric", code: "  " });
    expect(selectFabricSearch(snap())).toBeNull();
    q.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    await waitFor(q.actor, (s) => s.context.fabric.inStock === true);
    expect(selectFabricSearch(snap())).toBeNull();
    expect(selectFabricPicked(snap())).toBe(true);
    q.send({ type: "user.clearFabric" });
    expect(snap().context.fabric).toMatchObject({ code: "", inStock: null });
    // QO-022: the customer's own fabric is searched nowhere; what is typed is the fabric
    q.send({ type: "user.setFabricSource", source: "cus" });
    q.send({ type: "user.typeFabric", code: "Navy flannel" });
    expect(selectFabricSearch(snap())).toBeNull();
    expect(snap().context.fabric).toEqual({ source: "cus", code: "Navy flannel", inStock: null });
    expect(snap().matches({ basicInfo: { stock: "idle" } })).toBe(true);
  });

  it("QO-121 QO-100 QO-097 the measurement step shows the parts the crafts leave, the standard choices and the pre-calculation by method", () => {
    const initial = createActor(quickOrderMachine, { input: { categoryId: 3000 } }).getSnapshot().context;
    const snap = (size: Partial<QuickOrderContext["size"]>, selected: number[] = []) => ({
      context: {
        ...initial,
        setup: SETUP,
        crafts: { selected, texts: {} },
        size: { ...initial.size, ...size },
      },
    });
    const parts = [501, 502, 503].map((id) => ({ id, name: `P${id}`, minValue: 1, maxValue: 2, isMust: 1 }));
    const body = snap({ method: 10052, parts: parts as QuickOrderContext["size"]["parts"] }, [42]);
    // Sleeveless (42) disables part 503 for the body method (its extension 10052&503)
    expect(selectShownParts(body).map((p) => p.id)).toEqual([501, 502]);
    expect(selectOffersPresize(body)).toBe(true);
    expect(selectOffersStandardSizes(body)).toBe(false);
    const standard = snap({ method: 10054, standard: { ...initial.size.standard, areaId: 1, shape: null } });
    expect(selectOffersStandardSizes(standard)).toBe(true);
    expect(selectOffersPresize(standard)).toBe(false);
    expect(selectHasStandardChoice(standard)).toBe(false);
    const both = snap({ method: 10054, standard: { ...initial.size.standard, areaId: 1, shape: 2 } });
    expect(selectHasStandardChoice(both)).toBe(true);
  });
});

describe("the summary the views read (QO-009, QO-010)", () => {
  it("QO-010 QO-030 the summary lists the chosen crafts with their surcharges, the named monogram rows and the contrast", async () => {
    const q = startQuick();
    await q.toCrafts();
    const snap = () => q.actor.getSnapshot();
    q.send({ type: "user.toggleOption", id: 33 });
    q.send({ type: "user.toggleOption", id: 62 });
    expect(selectSummaryCrafts(snap())).toEqual(
      expect.arrayContaining([
        { name: "No vent", surcharge: { cents: 800, currency: "USD" } },
        { name: "Hanger loop", surcharge: null },
      ]),
    );
    expect(selectSummaryCrafts(snap()).map((c) => c.name)).not.toContain("Single vent");
    q.send({ type: "user.addMonogram" });
    expect(selectSummaryMonogram(snap())).toEqual([]);
    q.send({ type: "user.editMonogram", index: 0, patch: { site: 1520, siteName: "Cuff" } });
    expect(selectSummaryMonogram(snap())).toEqual(["Cuff: …"]);
    q.send({ type: "user.editMonogram", index: 0, patch: { content: "JS" } });
    expect(selectSummaryMonogram(snap())).toEqual(["Cuff: JS"]);
    expect(selectSummaryContrast(snap())).toEqual([]);
    q.send({ type: "user.toggleContrastPosition", site: 0, position: 1651 });
    expect(selectSummaryContrast(snap())).toEqual(["Under collar: …"]);
    q.send({ type: "user.pickContrastFabric", site: 0, fabricId: 1702 });
    q.send({ type: "user.setContrastText", site: 0, text: "Burgundy" });
    expect(selectSummaryContrast(snap())).toEqual(["Under collar: Other Burgundy"]);
  });
});

describe("contrast intents (QO-035, QO-143, QO-144)", () => {
  it("QO-035 user.toggleContrastPosition chooses and unchooses a position on its site", async () => {
    const q = startQuick();
    await q.toCrafts();
    q.send({ type: "user.toggleContrastPosition", site: 0, position: 1651 });
    expect(q.actor.getSnapshot().context.contrast[0]!.positions).toEqual([1651]);
    q.send({ type: "user.toggleContrastPosition", site: 0, position: 1651 });
    expect(q.actor.getSnapshot().context.contrast[0]!.positions).toEqual([]);
  });

  it("QO-035 a contrast intent for a site the category does not have changes nothing", async () => {
    const q = startQuick();
    await q.toCrafts();
    const before = q.actor.getSnapshot().context.contrast;
    for (const site of [1, -1, 0.5]) {
      expect(q.actor.getSnapshot().can({ type: "user.toggleContrastPosition", site, position: 1651 })).toBe(false);
      q.send({ type: "user.toggleContrastPosition", site, position: 1651 });
      q.send({ type: "user.pickContrastFabric", site, fabricId: 1702 });
      q.send({ type: "user.setContrastText", site, text: "Red" });
    }
    expect(q.actor.getSnapshot().context.contrast).toBe(before);
  });

  it("QO-143 QO-144 QO-036 a site with a position needs its fabric, and a TEXT fabric its value, before step 3", async () => {
    const q = startQuick();
    await q.toCrafts();
    q.send({ type: "user.toggleContrastPosition", site: 0, position: 1651 });
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().context.refusal).toMatchObject({
      key: "contrast.fabricRequired",
      site: "Collar",
      field: "contrast.0",
    });
    q.send({ type: "user.pickContrastFabric", site: 0, fabricId: 1702 });
    expect(q.actor.getSnapshot().context.contrast[0]).toMatchObject({
      chooseFabric: 1702,
      chooseFabricCode: "OTHER",
      fabricKind: "TEXT",
    });
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().context.refusal).toMatchObject({ key: "contrast.textRequired", site: "Collar" });
    q.send({ type: "user.setContrastText", site: 0, text: "Burgundy" });
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("sizeBody")).toBe(true);
    expect(q.actor.getSnapshot().context.contrast[0]).toMatchObject({ positions: [1651], text: "Burgundy" });
  });
});

/** A session storage for node that counts its writes (the browser's is per tab; this one per test). */
class CountingStorage {
  private items = new Map<string, string>();
  writes = 0;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.writes++;
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe("the per-category cache the order tells (QO-083, QO-084)", () => {
  let storage: CountingStorage;
  beforeEach(() => {
    storage = new CountingStorage();
    (globalThis as { sessionStorage?: unknown }).sessionStorage = storage;
  });

  it("QO-083 a new order tells its picks once per change that touches them, and only then", async () => {
    const q = startQuick();
    const told: RememberedPicks[] = [];
    q.actor.on("picks.changed", (e) => told.push(e.picks));
    await q.toCrafts();
    const afterLoad = told.length;
    // edits that do not touch the picks tell nothing
    q.send({ type: "user.edit", field: "phone", value: "555" });
    q.send({ type: "user.setAmount", amount: 2 });
    q.clock.increment(5000);
    expect(told).toHaveLength(afterLoad);
    q.send({ type: "user.toggleOption", id: 33 });
    q.send({ type: "user.toggleContrastPosition", site: 0, position: 1651 });
    q.send({ type: "user.addMonogram" });
    expect(told).toHaveLength(afterLoad + 3);
    expect(told.at(-1)).toMatchObject({ crafts: { selected: expect.arrayContaining([33]) }, monogram: [{}] });
    expect(told.at(-1)!.contrast[0]!.positions).toEqual([1651]);
  });

  it("QO-084 an opened order (edit, buy again, pending) tells the cache nothing", async () => {
    for (const mode of ["edit", "buyagain", "pending"] as const) {
      const q = startQuick({ mode, orderId: "Q-7" });
      const told: unknown[] = [];
      q.actor.on("picks.changed", (e) => told.push(e));
      q.actor.on("picks.settled", (e) => told.push(e));
      await q.toCrafts();
      q.send({ type: "user.toggleOption", id: 33 });
      expect(told).toEqual([]);
    }
  });

  it("QO-083 keepSelections writes the cache once per change it is told, skips an unchanged one, and forgets a saved order's picks", async () => {
    const q = startQuick({ setup: { ...SETUP, methods: [] } });
    const stop = keepSelections(q.actor);
    await q.toCrafts();
    const afterLoad = storage.writes;
    expect(recall(3000).remembered?.crafts.selected).not.toContain(33);
    q.send({ type: "user.toggleOption", id: 33 });
    expect(storage.writes).toBe(afterLoad + 1);
    expect(recall(3000).remembered?.crafts.selected).toContain(33);
    q.send({ type: "user.setText", id: 51, value: "JS" });
    expect(storage.writes).toBe(afterLoad + 2);
    // the same value again is no change: nothing is written
    q.send({ type: "user.setText", id: 51, value: "JS" });
    expect(storage.writes).toBe(afterLoad + 2);
    q.send({ type: "user.next" });
    await waitFor(q.actor, (s) => s.matches({ sizeBody: "editing" }));
    q.send({ type: "user.save" });
    await waitFor(q.actor, (s) => s.status === "done");
    expect(recall(3000).remembered).toBeUndefined();
    stop();
  });
});
