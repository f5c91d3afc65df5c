import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { newOrderMachine } from "../../machines/newOrder/newOrder.machine.ts";
import { craftGroupsOfStep, newOrderStep } from "../../machines/newOrder/newOrder.selectors.ts";
import type {
  DraftInput,
  LoadMeasurementsInput,
  OrderMode,
  QuickOrderEvent,
  QuickOrderSetup,
  StyleOption,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import { buildDraft, restoreFromOrder } from "../../domain/orderEntry/draft.ts";
import { confirmRefusal } from "../../domain/orderEntry/refusals.ts";
import { withoutField } from "./refusals.ts";
import {
  BODY_VALUES,
  CMT_FABRIC,
  CUSTOMER,
  FULL_MONOGRAM,
  IN_STOCK_FABRIC,
  OUT_OF_STOCK_FABRIC,
  SAVED_CONTRAST_SITES,
  sizeLoad,
  SAVED_DRAFT,
  SAVED_ORDER_INFO,
  SUIT_SETUP,
} from "./quickOrder.fixtures.ts";

const stock: Record<string, boolean> = { [IN_STOCK_FABRIC]: true, [OUT_OF_STOCK_FABRIC]: false };

/** The simple order with network doubles; records the drafts it saves and submits. */
function start(
  opts: {
    setup?: QuickOrderSetup;
    orderId?: string;
    mode?: OrderMode;
    submitFailed?: boolean;
    saveError?: Error;
    styles?: StyleOption[];
  } = {},
) {
  const calls = {
    presize: [] as DraftInput[],
    save: [] as DraftInput[],
    submit: [] as DraftInput[],
    measurements: 0,
    /** What each load of the measurements asked for (whose stored sizes, which kept set). */
    measurementInputs: [] as LoadMeasurementsInput[],
    styles: [] as Array<{ categoryId: number }>,
  };
  const actor = createActor(
    newOrderMachine.provide({
      actors: {
        loadSetup: fromPromise(async () => opts.setup ?? SUIT_SETUP),
        checkStock: fromPromise(async ({ input }: { input: { code: string } }) => ({
          inStock: stock[input.code] ?? true,
        })),
        loadStyles: fromPromise(async ({ input }: { input: { categoryId: number } }) => {
          calls.styles.push(input);
          return opts.styles ?? [];
        }),
        loadMeasurements: fromPromise(async ({ input }: { input: LoadMeasurementsInput }) => {
          calls.measurements += 1;
          calls.measurementInputs.push(input);
          return sizeLoad(input.method);
        }),
        presize: fromPromise(async ({ input }: { input: DraftInput }) => {
          calls.presize.push(input);
          return {};
        }),
        saveOrder: fromPromise(async ({ input }: { input: DraftInput }) => {
          calls.save.push(input);
          if (opts.saveError) throw opts.saveError;
          return { orderId: "N1" };
        }),
        submitOrder: fromPromise(async ({ input }: { input: DraftInput }) => {
          calls.submit.push(input);
          return { failed: opts.submitFailed ?? false };
        }),
      },
    }),
    { input: { categoryId: 3000, orderId: opts.orderId, mode: opts.mode } },
  ).start();
  return { actor, calls };
}
type NewOrderActor = ReturnType<typeof start>["actor"];

const step = (actor: NewOrderActor) => newOrderStep(actor.getSnapshot());
const refusalKey = (actor: NewOrderActor) => actor.getSnapshot().context.refusal?.key ?? null;
const send = (actor: NewOrderActor, event: QuickOrderEvent) => actor.send(event);
/** The craft picks go to the order itself (no crafts child). */
const crafts = (actor: NewOrderActor) => actor;

async function atStep1(actor: NewOrderActor) {
  await waitFor(actor, (s) => newOrderStep(s) === 0);
}
async function pickFabric(actor: NewOrderActor, code = IN_STOCK_FABRIC) {
  send(actor, { type: "user.pickFabric", code });
  await waitFor(actor, (s) => !s.hasTag("checkingStock"));
}
async function toStep3(actor: NewOrderActor) {
  await atStep1(actor);
  await pickFabric(actor);
  send(actor, { type: "user.next" });
  send(actor, { type: "user.next" });
  await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
}
async function toStep4(actor: NewOrderActor) {
  await toStep3(actor);
  for (const [partId, value] of Object.entries(BODY_VALUES))
    send(actor, { type: "user.setMeasure", partId: Number(partId), value });
  send(actor, { type: "user.next" });
  expect(step(actor)).toBe(3);
}
function fillCustomer(actor: NewOrderActor) {
  send(actor, { type: "user.edit", field: "customerName", value: "Walk-in Customer" });
  send(actor, { type: "user.edit", field: "shortName", value: "Walk-in" });
  send(actor, { type: "user.edit", field: "height", value: "180" });
  send(actor, { type: "user.edit", field: "weight", value: "80" });
}

/** Step 3 with valid body measurements, pre-calculated (QO-097). */
async function presizedAtStep3(actor: NewOrderActor) {
  await toStep3(actor);
  for (const [partId, value] of Object.entries(BODY_VALUES))
    send(actor, { type: "user.setMeasure", partId: Number(partId), value });
  send(actor, { type: "user.presize" });
  await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
}

describe("D-10 the four-step simple order", () => {
  it("QO-005 D-10 goes through fabric and crafts, further crafts, style and measurements, customer and confirm, in order, and back", async () => {
    const { actor } = start();
    expect(step(actor)).toBe(-1);
    await atStep1(actor);
    // The crafts are picked from step 1 (the first half of the groups is picked there), by the order itself.
    expect(actor.getSnapshot().can({ type: "user.toggleOption", id: 22 })).toBe(true);
    await pickFabric(actor);
    send(actor, { type: "user.next" });
    expect(step(actor)).toBe(1);
    send(actor, { type: "user.next" });
    await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
    expect(step(actor)).toBe(2);
    for (const [partId, value] of Object.entries(BODY_VALUES))
      send(actor, { type: "user.setMeasure", partId: Number(partId), value });
    send(actor, { type: "user.next" });
    expect(step(actor)).toBe(3);
    // Previous goes back one step each time
    send(actor, { type: "user.previous" });
    await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
    expect(step(actor)).toBe(2);
    expect(actor.getSnapshot().context.size.values).toMatchObject(BODY_VALUES);
    send(actor, { type: "user.previous" });
    expect(step(actor)).toBe(1);
    send(actor, { type: "user.previous" });
    expect(step(actor)).toBe(0);
  });

  it("D-10 step 1 shows the first half of the craft groups, step 2 the rest; the picks of both are one selection", async () => {
    expect(craftGroupsOfStep(SUIT_SETUP.tree, "first", 3000).map((g) => g.name)).toEqual(["Lapel", "Pockets"]);
    expect(craftGroupsOfStep(SUIT_SETUP.tree, "rest", 3000).map((g) => g.name)).toEqual(["Sleeves", "Label"]);
    expect(craftGroupsOfStep(SUIT_SETUP.tree, "all", 3000)).toHaveLength(4);
    const { actor } = start();
    await atStep1(actor);
    crafts(actor).send({ type: "user.toggleOption", id: 22 }); // ticket pocket (step 1 group)
    await pickFabric(actor);
    send(actor, { type: "user.next" });
    crafts(actor).send({ type: "user.toggleOption", id: 42 }); // sleeveless (step 2 group)
    expect(actor.getSnapshot().context.crafts.selected).toEqual(expect.arrayContaining([22, 42]));
    expect(actor.getSnapshot().context.crafts.selected).not.toContain(41);
  });
});

describe("step guards, in order", () => {
  it("QO-134 step 1 needs a fabric", async () => {
    const { actor } = start();
    await atStep1(actor);
    send(actor, { type: "user.next" });
    expect(refusalKey(actor)).toBe("order.fabricRequired");
    expect(step(actor)).toBe(0);
  });

  it("QO-163 QO-149 step 1 refuses an out-of-stock fabric, and a typed but unpicked one", async () => {
    const { actor } = start();
    await atStep1(actor);
    await pickFabric(actor, OUT_OF_STOCK_FABRIC);
    expect(refusalKey(actor)).toBe("fabric.outOfStock");
    send(actor, { type: "user.next" });
    expect(refusalKey(actor)).toBe("fabric.outOfStock");
    send(actor, { type: "user.typeFabric", code: IN_STOCK_FABRIC });
    send(actor, { type: "user.next" });
    expect(refusalKey(actor)).toBe("order.fabricRequired");
    expect(step(actor)).toBe(0);
  });

  it("QO-108 step 1 takes a CMT fabric as free text, without a stock check; the customer is not asked yet", async () => {
    const { actor } = start();
    await atStep1(actor);
    send(actor, { type: "user.setFabricSource", source: "cus" });
    send(actor, { type: "user.pickFabric", code: CMT_FABRIC });
    send(actor, { type: "user.next" });
    expect(refusalKey(actor)).toBeNull();
    expect(step(actor)).toBe(1);
  });

  it("QO-145 QO-137 step 2 refuses an unfinished TEXT craft, then an incomplete monogram row", async () => {
    const { actor } = start();
    await atStep1(actor);
    await pickFabric(actor);
    send(actor, { type: "user.next" });
    crafts(actor).send({ type: "user.toggleOption", id: 51 }); // Name label (TEXT)
    send(actor, { type: "user.next" });
    expect(refusalKey(actor)).toBe("craft.notFinished");
    crafts(actor).send({ type: "user.setText", id: 51, value: "W.C." });
    send(actor, { type: "user.addMonogram" });
    send(actor, { type: "user.next" });
    expect(refusalKey(actor)).toBe("monogram.missing");
    send(actor, { type: "user.editMonogram", index: 0, patch: FULL_MONOGRAM });
    send(actor, { type: "user.next" });
    expect(refusalKey(actor)).toBeNull();
    expect(step(actor)).toBe(2);
  });

  it("QO-143 step 2 refuses a contrast site with positions but no contrast fabric", async () => {
    const setup: QuickOrderSetup = {
      ...SUIT_SETUP,
      contrastSites: [
        {
          id: 1601,
          name: "Collar",
          positions: [{ id: 1651, name: "Under collar", price: "5.00" }],
          fabrics: [{ id: 1701, code: "VB0017", name: "Red", sourceType: "IMAGE", price: "9.00" }],
        },
      ],
    };
    const { actor } = start({ setup });
    await atStep1(actor);
    await pickFabric(actor);
    send(actor, { type: "user.next" });
    send(actor, { type: "user.editContrast", index: 0, patch: { positions: [1651] } });
    send(actor, { type: "user.next" });
    expect(refusalKey(actor)).toBe("contrast.fabricRequired");
    expect(step(actor)).toBe(1);
  });

  it("QO-147 QO-148 step 3 refuses an empty required part, then a value out of range", async () => {
    const { actor } = start();
    await toStep3(actor);
    send(actor, { type: "user.next" });
    expect(refusalKey(actor)).toBe("size.required");
    for (const [partId, value] of Object.entries(BODY_VALUES))
      send(actor, { type: "user.setMeasure", partId: Number(partId), value });
    send(actor, { type: "user.setMeasure", partId: 501, value: "300" });
    send(actor, { type: "user.next" });
    expect(refusalKey(actor)).toBe("size.outOfRange");
    expect(step(actor)).toBe(2);
  });

  it("D-06 step 4 refuses save and submit until the customer fields are filled: name, nickname, height, weight", async () => {
    const { actor, calls } = start();
    await toStep4(actor);
    const expected = [
      "customer.nameRequired",
      "customer.nicknameRequired",
      "customer.heightRequired",
      "customer.weightRequired",
    ];
    const fields = [
      ["customerName", "Walk-in Customer"],
      ["shortName", "Walk-in"],
      ["height", "180"],
      ["weight", "80"],
    ] as const;
    for (const [i, key] of expected.entries()) {
      send(actor, { type: "user.save" });
      expect(refusalKey(actor)).toBe(key);
      send(actor, { type: "user.submit" });
      expect(refusalKey(actor)).toBe(key);
      send(actor, { type: "user.edit", field: fields[i]![0], value: fields[i]![1] });
    }
    expect(confirmRefusal(actor.getSnapshot().context, false)).toBeNull();
    expect(calls.save).toHaveLength(0);
    expect(calls.submit).toHaveLength(0);
  });

  it("QO-097 QO-162 step 4 submit of body measurements needs the pre-calculation; it can be made at step 4", async () => {
    const { actor, calls } = start();
    await toStep4(actor);
    fillCustomer(actor);
    send(actor, { type: "user.submit" });
    expect(refusalKey(actor)).toBe("size.presizeFirst");
    send(actor, { type: "user.presize" });
    await waitFor(actor, (s) => s.matches({ confirm: "editing" }));
    expect(actor.getSnapshot().context.size.presized).toBe(true);
    expect(calls.presize).toHaveLength(1);
    send(actor, { type: "user.submit" });
    const done = await waitFor(actor, (s) => s.status === "done");
    expect(done.context.outcome).toEqual({ to: "/underProduction", failed: false });
    expect(calls.submit[0]!.context.basic.customerName).toBe("Walk-in Customer");
  });

  it("QO-097 at step 4 the customer's name, phone and quantity keep the step-3 pre-calculation; a changed height needs it again", async () => {
    const { actor } = start();
    await presizedAtStep3(actor);
    send(actor, { type: "user.next" });
    send(actor, { type: "user.edit", field: "customerName", value: "Walk-in Customer" });
    send(actor, { type: "user.edit", field: "phone", value: "555 0100" });
    send(actor, { type: "user.setAmount", amount: 2 });
    // The order holds the form itself (no child keeps a second copy).
    expect(actor.getSnapshot().children.customer).toBeUndefined();
    expect(actor.getSnapshot().context.basic).toMatchObject({
      customerName: "Walk-in Customer",
      phone: "555 0100",
      amount: 2,
    });
    expect(actor.getSnapshot().context.size.presized).toBe(true);
    send(actor, { type: "user.edit", field: "height", value: "181" });
    expect(actor.getSnapshot().context.size.presized).toBe(false);
  });

  it("QO-097 a customer change at step 4 after the step-3 pre-calculation needs it again", async () => {
    const { actor } = start();
    await presizedAtStep3(actor);
    expect(actor.getSnapshot().context.size.presized).toBe(true);
    send(actor, { type: "user.next" });
    fillCustomer(actor);
    expect(actor.getSnapshot().context.size.presized).toBe(false);
    send(actor, { type: "user.submit" });
    expect(refusalKey(actor)).toBe("size.presizeFirst");
  });

  it("a length unit changed at step 4 sends the order back to step 3 to load the parts in that unit", async () => {
    const { actor, calls } = start();
    await toStep4(actor);
    fillCustomer(actor);
    send(actor, { type: "user.setHeightUnit", unit: 10267 });
    send(actor, { type: "user.save" });
    expect(refusalKey(actor)).toBe("size.reloaded");
    await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
    expect(calls.measurements).toBe(2);
    expect(calls.save).toHaveLength(0);
  });
});

describe("D-15 Save to cart and Submit only at step 4", () => {
  it("D-15 save and submit do nothing at steps 1 to 3", async () => {
    const { actor, calls } = start();
    await atStep1(actor);
    await pickFabric(actor);
    fillCustomer(actor); // customer edits belong to step 4: ignored here
    expect(actor.getSnapshot().context.basic.customerName).toBe("");
    for (const expected of [0, 1, 2]) {
      if (expected === 2) await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
      for (const type of ["user.save", "user.submit"] as const) {
        expect(actor.getSnapshot().can({ type })).toBe(false);
        send(actor, { type });
        expect(step(actor)).toBe(expected);
      }
      if (expected === 2)
        for (const [partId, value] of Object.entries(BODY_VALUES))
          send(actor, { type: "user.setMeasure", partId: Number(partId), value });
      send(actor, { type: "user.next" });
    }
    expect(step(actor)).toBe(3);
    expect(actor.getSnapshot().can({ type: "user.save" })).toBe(true);
    expect(calls.save).toHaveLength(0);
    expect(calls.submit).toHaveLength(0);
  });

  it("QO-124 saving at step 4 goes to the cart with the quick order's draft", async () => {
    const { actor, calls } = start();
    await toStep4(actor);
    fillCustomer(actor);
    send(actor, { type: "user.save" });
    const done = await waitFor(actor, (s) => s.status === "done");
    expect(done.context.outcome).toEqual({ to: "/saveItems", failed: false });
    const draft = buildDraft(calls.save[0]!.context);
    expect(draft).toMatchObject({
      type: 7,
      clothCategory: 3000,
      fabric: IN_STOCK_FABRIC,
      fabricType: "sys",
      customerName: "Walk-in Customer",
      sizeCategoryId: 10052,
    });
    expect(draft.detailList[0]?.sizeList?.map((p) => p.partId)).toEqual([501, 502, 503, 504]);
  });

  it("QO-127 a failed submit result goes to the pending list; QO-128 a save error keeps the user at step 4", async () => {
    const failing = start({ submitFailed: true });
    await toStep4(failing.actor);
    fillCustomer(failing.actor);
    send(failing.actor, { type: "user.presize" });
    await waitFor(failing.actor, (s) => s.matches({ confirm: "editing" }));
    send(failing.actor, { type: "user.submit" });
    expect((await waitFor(failing.actor, (s) => s.status === "done")).context.outcome).toEqual({
      to: "/myOrder",
      failed: true,
    });

    const erroring = start({ saveError: new Error("boom") });
    await toStep4(erroring.actor);
    fillCustomer(erroring.actor);
    send(erroring.actor, { type: "user.save" });
    await waitFor(erroring.actor, (s) => s.matches({ confirm: "editing" }));
    expect(refusalKey(erroring.actor)).toBe("order.failed");
    expect(step(erroring.actor)).toBe(3);
  });
});

/** A saved order as getOrderInfo answers it (shared with quickOrderEdit.test.ts). */
/** QO-068: the rebuilt draft carries the screen state as JSON strings. */
const savedDraft = { ...SAVED_DRAFT, custInfo: expect.any(String), orderInfo: expect.any(String) };
const info = SAVED_ORDER_INFO;
const contrastSites = SAVED_CONTRAST_SITES;

describe("opening a saved order in the simple order", () => {
  const setup: QuickOrderSetup = { ...SUIT_SETUP, contrastSites, order: restoreFromOrder(info) };

  async function throughAllSteps(actor: NewOrderActor) {
    await atStep1(actor);
    send(actor, { type: "user.next" });
    send(actor, { type: "user.next" });
    await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
    send(actor, { type: "user.next" });
    expect(step(actor)).toBe(3);
  }

  it("QO-085 QO-071 SHELL-008 an edit restores every field through the four steps and saves the same draft back", async () => {
    const { actor, calls } = start({ setup, orderId: "42", mode: "edit" });
    await throughAllSteps(actor);
    const c = actor.getSnapshot().context;
    expect(c.orderCode).toBe("MTM2026112200042");
    expect(buildDraft(c)).toEqual(savedDraft);
    send(actor, { type: "user.save" });
    await waitFor(actor, (s) => s.status === "done");
    expect(buildDraft(calls.save[0]!.context)).toEqual(savedDraft);
  });

  it("QO-086 SHELL-010 buy again loads the order but clears its id, so saving creates a new order", async () => {
    const { actor } = start({ setup, orderId: "42", mode: "buyagain" });
    await throughAllSteps(actor);
    expect(actor.getSnapshot().context).toMatchObject({ orderId: "", orderCode: "" });
    expect(buildDraft(actor.getSnapshot().context)).toEqual({ ...savedDraft, orderId: "" });
  });

  it("QO-125 SHELL-009 saving a pending order goes back to the pending list", async () => {
    const { actor } = start({ setup, orderId: "42", mode: "pending" });
    await throughAllSteps(actor);
    send(actor, { type: "user.save" });
    expect((await waitFor(actor, (s) => s.status === "done")).context.outcome).toEqual({
      to: "/myOrder",
      failed: false,
      // issue 24: saved for a customer of the book, the order asks whether its measurements go back
      saveBack: { orderId: "N1", customerId: 77 },
    });
  });
});

describe("base styles of step 3", () => {
  const STYLES: StyleOption[] = [
    { id: 60001, name: "Classic two-button", description: "Every option", isDefault: 1, excludedCraftIds: [] },
    { id: 60003, name: "Country", description: "No peak lapel", isDefault: 0, excludedCraftIds: [12] },
  ];

  it("QO-093 entering step 3 loads the style info (the base styles) and chooses the default; the draft carries the choice", async () => {
    const { actor, calls } = start({ styles: STYLES });
    await toStep3(actor);
    expect(calls.styles).toEqual([{ categoryId: 3000 }]);
    await waitFor(actor, (s) => s.context.styleBasic.options.length === 2);
    expect(actor.getSnapshot().context.styleBasic.chosen).toBe(60001);
    send(actor, { type: "user.pickStyle", styleBasicId: 60003 });
    expect(actor.getSnapshot().context.styleBasic.chosen).toBe(60003);
    expect(buildDraft(actor.getSnapshot().context).styleBasicId).toBe(60003);
  });

  it("QO-093 a base style that does not offer a chosen craft is refused, naming both; the earlier base stays", async () => {
    const { actor } = start({ styles: STYLES });
    await atStep1(actor);
    crafts(actor).send({ type: "user.toggleOption", id: 12 });
    await waitFor(actor, (s) => s.context.crafts.selected.includes(12));
    await toStep3(actor);
    await waitFor(actor, (s) => s.context.styleBasic.options.length === 2);
    send(actor, { type: "user.pickStyle", styleBasicId: 60003 });
    expect(withoutField(actor.getSnapshot().context.refusal)).toEqual({
      key: "craft.notForStyle",
      craft: "Peak lapel",
      style: "Country",
    });
    expect(actor.getSnapshot().context.styleBasic.chosen).toBe(60001);
  });

  it("QO-093 a craft the chosen base does not offer, picked after it, stops Next at step 2", async () => {
    const { actor } = start({ styles: STYLES });
    await toStep3(actor);
    await waitFor(actor, (s) => s.context.styleBasic.options.length === 2);
    send(actor, { type: "user.pickStyle", styleBasicId: 60003 });
    send(actor, { type: "user.previous" });
    crafts(actor).send({ type: "user.toggleOption", id: 12 });
    await waitFor(actor, (s) => s.context.crafts.selected.includes(12));
    send(actor, { type: "user.next" });
    expect(step(actor)).toBe(1);
    expect(withoutField(actor.getSnapshot().context.refusal)).toEqual({
      key: "craft.notForStyle",
      craft: "Peak lapel",
      style: "Country",
    });
  });

  it("QO-093 a category without base styles sends none and shows no refusal", async () => {
    const { actor } = start();
    await toStep3(actor);
    expect(actor.getSnapshot().context.styleBasic).toEqual({ options: [], chosen: null });
    expect(refusalKey(actor)).toBeNull();
    expect("styleBasicId" in buildDraft(actor.getSnapshot().context)).toBe(false);
  });
});

describe("issue 24: a new simple order started for a customer of the book", () => {
  it("the customer picked as the order loads (useOrderStart, as the quick order) is the order's; step 3 loads their kept set", async () => {
    const { actor, calls } = start();
    await atStep1(actor);
    // what useOrderStart sends for /newOrder?customer=77&measureSet=34, before the customer step
    send(actor, { type: "user.pickCustomer", customer: CUSTOMER, measureSetId: 34 });
    expect(actor.getSnapshot().context.basic).toMatchObject({
      customerId: CUSTOMER.id,
      customerName: CUSTOMER.custName,
      measureSetId: 34,
    });
    await toStep3(actor);
    expect(calls.measurementInputs).toEqual([
      expect.objectContaining({ method: 10052, customerId: CUSTOMER.id, measureSetId: 34 }),
    ]);
    // step 4 shows the customer the order started with
    for (const [partId, value] of Object.entries(BODY_VALUES))
      send(actor, { type: "user.setMeasure", partId: Number(partId), value });
    send(actor, { type: "user.next" });
    expect(step(actor)).toBe(3);
    expect(actor.getSnapshot().context.basic.customerId).toBe(CUSTOMER.id);
  });
});
