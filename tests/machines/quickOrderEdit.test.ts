import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  quickOrderMachine,
  type OrderMode,
  type QuickOrderSetup,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import { buildDraft, restoreFromOrder } from "../../domain/orderEntry/draft.ts";
import { selectRemake } from "../../machines/orderEntry/selectors.ts";
import { sizeLoad, SAVED_CONTRAST_SITES, SAVED_DRAFT, SAVED_ORDER_INFO, SUIT_SETUP } from "./quickOrder.fixtures.ts";

/** QO-068: the rebuilt draft carries the screen state as JSON strings. */
const savedDraft = { ...SAVED_DRAFT, custInfo: expect.any(String), orderInfo: expect.any(String) };
const info = SAVED_ORDER_INFO;
const contrastSites = SAVED_CONTRAST_SITES;

async function open(mode: OrderMode, remake: { of: string; reason: string } | null = null) {
  const setup: QuickOrderSetup = { ...SUIT_SETUP, contrastSites, order: restoreFromOrder(info) };
  const actor = createActor(
    quickOrderMachine.provide({
      actors: {
        loadSetup: fromPromise(async () => setup),
        loadMeasurements: fromPromise(async () => sizeLoad(10052)),
        checkStock: fromPromise(async () => ({ inStock: true as boolean })),
      },
    }),
    { input: { categoryId: 3000, orderId: "42", mode, remake } },
  ).start();
  await waitFor(actor, (s) => s.matches("basicInfo"));
  return actor;
}

describe("opening a saved order", () => {
  it("QO-085 QO-071 QO-169 SHELL-012 an edit restores every field and saves the same draft back to the same order", async () => {
    const actor = await open("edit");
    const c = actor.getSnapshot().context;
    expect(c.orderCode).toBe("MTM2026112200042");
    expect(c.basic).toMatchObject({
      customerName: "Oliver Chen",
      shortName: "Ollie",
      height: "180",
      amount: 2,
      birthday: { month: "3", date: "7", year: "1985" },
    });
    expect(c.contrast).toEqual([
      {
        siteName: "Collar",
        positions: [1651],
        fabricKind: "TEXT",
        chooseFabric: 1702,
        chooseFabricCode: "OTHER",
        text: "Bordeaux",
      },
    ]);
    // Through step 3, the saved measurements stay (the parts load without overwriting them).
    actor.send({ type: "user.next" });
    actor.send({ type: "user.next" });
    await waitFor(actor, (s) => s.matches({ sizeBody: "editing" }));
    expect(buildDraft(actor.getSnapshot().context)).toEqual(savedDraft);
  });

  it("QO-086 SHELL-010 buy again loads the order but clears its id, so saving creates a new order", async () => {
    const actor = await open("buyagain");
    expect(actor.getSnapshot().context).toMatchObject({ orderId: "", orderCode: "" });
    actor.send({ type: "user.next" });
    actor.send({ type: "user.next" });
    await waitFor(actor, (s) => s.matches({ sizeBody: "editing" }));
    expect(buildDraft(actor.getSnapshot().context)).toEqual({ ...savedDraft, orderId: "" });
  });

  it("buy again as a remake (issue 12): the draft names the original and the reason, the banner shows them", async () => {
    const actor = await open("buyagain", { of: "42", reason: "Sleeves too short" });
    expect(selectRemake(actor.getSnapshot())).toEqual({ code: "MTM2026112200042", reason: "Sleeves too short" });
    actor.send({ type: "user.next" });
    actor.send({ type: "user.next" });
    await waitFor(actor, (s) => s.matches({ sizeBody: "editing" }));
    expect(buildDraft(actor.getSnapshot().context)).toEqual({
      ...savedDraft,
      orderId: "",
      remakeOfId: "42",
      remakeReason: "Sleeves too short",
    });
  });

  it("an edit carries no remake, even when one is given (issue 12: only a buy again is a remake)", async () => {
    const actor = await open("edit", { of: "42", reason: "Sleeves too short" });
    expect(selectRemake(actor.getSnapshot())).toBeNull();
    expect(buildDraft(actor.getSnapshot().context)).not.toHaveProperty("remakeOfId");
  });

  it("QO-125 SHELL-011 saving a pending order goes back to the pending list", async () => {
    const actor = createActor(
      quickOrderMachine.provide({
        actors: {
          loadSetup: fromPromise(async (): Promise<QuickOrderSetup> => ({
            ...SUIT_SETUP,
            contrastSites,
            order: restoreFromOrder(info),
          })),
          loadMeasurements: fromPromise(async () => sizeLoad(10052)),
          saveOrder: fromPromise(async () => ({ orderId: "42" })),
        },
      }),
      { input: { categoryId: 3000, orderId: "42", mode: "pending" } },
    ).start();
    await waitFor(actor, (s) => s.matches("basicInfo"));
    actor.send({ type: "user.next" });
    actor.send({ type: "user.next" });
    await waitFor(actor, (s) => s.matches({ sizeBody: "editing" }));
    actor.send({ type: "user.save" });
    expect(actor.getSnapshot().context.refusal).toBeNull();
    const done = await waitFor(actor, (s) => s.status === "done");
    // issue 24: a saved order of a book customer asks whether to keep its measurements (as Save to cart does)
    expect(done.context.outcome).toEqual({
      to: "/myOrder",
      failed: false,
      saveBack: { orderId: "42", customerId: 77 },
    });
  });
});
