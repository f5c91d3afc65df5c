import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  quickOrderMachine,
  type AccessorySynced,
  type LoadSetupInput,
  type QuickOrderSetup,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import { newOrderMachine } from "../../machines/newOrder/newOrder.machine.ts";
import {
  accessoryGroups,
  applySyncedChoices,
  chooseInGroup,
  craftGroups,
  incompleteAccessory,
  indexTree,
  syncedChoice,
  type CraftNode,
} from "../../domain/crafts.ts";
import { ACCESSORY_TREE, craft, CUSTOMER, IN_STOCK_FABRIC, SUIT_TREE } from "./quickOrder.fixtures.ts";

/**
 * Step-1 accessories (QO-017, QO-018, QO-136) and the per-category selection cache (QO-083, QO-084).
 * Lining (RADIO): matching (default), a colour to type (TEXT), printed artwork (FILE).
 * Buttons (COPY): horn (default), corozo; the sync icon takes the choice to the other categories.
 */
const LINING = craft(60, null, "Lining", {
  code: "LINING",
  category: 3,
  children: [
    craft(61, 60, "Matching lining", { code: "LINING_MATCH", isDefault: 1, category: 3 }),
    craft(62, 60, "Lining colour of your choice", { code: "LINING_COLOUR", sourceType: "TEXT", category: 3 }),
    craft(63, 60, "Printed lining", { code: "LINING_PRINT", sourceType: "FILE", category: 3 }),
  ],
});
const BUTTONS = craft(70, null, "Buttons", {
  code: "ACC_BUTTONS",
  chooseType: "COPY",
  category: 3,
  children: [
    craft(71, 70, "Horn buttons", { code: "BTN_HORN", isDefault: 1, category: 3 }),
    craft(72, 70, "Corozo buttons", { code: "BTN_COROZO", category: 3 }),
  ],
});
const TREE: CraftNode[] = [...SUIT_TREE, LINING, BUTTONS];
const SETUP: QuickOrderSetup = { ecode: "MSUIT", tree: TREE, methods: [10053] };

const actors = (setup: QuickOrderSetup) => ({
  loadSetup: fromPromise<QuickOrderSetup, LoadSetupInput>(async () => setup),
  checkStock: fromPromise<{ inStock: boolean }, { code: string }>(async () => ({ inStock: true })),
});

const start = (setup: QuickOrderSetup = SETUP) =>
  createActor(quickOrderMachine.provide({ actors: actors(setup) }), { input: { categoryId: 3000 } }).start();
const startSimple = (setup: QuickOrderSetup = SETUP) =>
  createActor(newOrderMachine.provide({ actors: actors(setup) }), { input: { categoryId: 3000 } }).start();

describe("accessory selectors of step 1", () => {
  it("QO-017 the category's accessory groups are chosen in step 1, the crafts step keeps the rest; the accessory garment keeps its own", () => {
    expect(accessoryGroups(TREE, 3000).map((g) => g.name)).toEqual(["Lining", "Buttons"]);
    expect(craftGroups(TREE, 3000).map((g) => g.name)).toEqual(["Lapel", "Pockets", "Sleeves", "Label"]);
    const tie = ACCESSORY_TREE.map((g) => ({ ...g, category: 3 }));
    expect(accessoryGroups(tie, 5000)).toEqual([]);
    expect(craftGroups(tie, 5000)).toHaveLength(2);
  });

  it("QO-017 choosing from a selector replaces the group's choice; None removes it", () => {
    const index = indexTree(TREE);
    const picked = chooseInGroup(index, [11, 61, 71], 60, 62, 3000);
    expect("selected" in picked && picked.selected.sort()).toEqual([11, 62, 71]);
    const none = chooseInGroup(index, [11, 61, 71], 60, null, 3000);
    expect("selected" in none && none.selected.sort()).toEqual([11, 71]);
    // choosing the option already chosen keeps it (a list never deselects by choosing again)
    const same = chooseInGroup(index, [61], 60, 61, 3000);
    expect("selected" in same && same.selected).toEqual([61]);
  });

  it("QO-136 a chosen accessory with a TEXT option and an empty value is refused with the accessory's name", async () => {
    const actor = start();
    await waitFor(actor, (s) => s.matches({ basicInfo: { stock: "idle" } }));
    expect(actor.getSnapshot().context.crafts.selected).toEqual(expect.arrayContaining([61, 71]));
    actor.send({ type: "user.pickCustomer", customer: CUSTOMER });
    actor.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    await waitFor(actor, (s) => s.context.fabric.inStock === true);
    actor.send({ type: "user.pickAccessory", groupId: 60, optionId: 62 });
    actor.send({ type: "user.next" });
    expect(actor.getSnapshot().context.refusal).toEqual({
      key: "accessory.incomplete",
      name: "Lining",
      field: "accessory.60",
    });
    expect(actor.getSnapshot().matches("basicInfo")).toBe(true);
    actor.send({ type: "user.setAccessoryValue", id: 62, value: "Burgundy" });
    actor.send({ type: "user.next" });
    expect(actor.getSnapshot().matches("crafts")).toBe(true);
    expect(actor.getSnapshot().context.crafts.texts[62]).toBe("Burgundy");
  });

  it("QO-136 a FILE accessory needs its uploaded picture; the customer and fabric are checked first", () => {
    const index = indexTree(TREE);
    expect(incompleteAccessory(index, 3000, [63], {})).toEqual({ key: "accessory.incomplete", name: "Lining" });
    expect(incompleteAccessory(index, 3000, [63], { 63: "att-1" })).toBeNull();
    // a TEXT craft of the crafts step is not an accessory (QO-145 covers it)
    expect(incompleteAccessory(index, 3000, [51], {})).toBeNull();
  });

  it("QO-018 the sync icon of a COPY accessory emits its group and option codes", async () => {
    const actor = start();
    await waitFor(actor, (s) => s.matches({ basicInfo: { stock: "idle" } }));
    const synced: AccessorySynced[] = [];
    actor.on("accessory.synced", (e) => synced.push(e));
    actor.send({ type: "user.pickAccessory", groupId: 70, optionId: 72 });
    actor.send({ type: "user.syncAccessory", groupId: 70 });
    expect(synced).toEqual([{ type: "accessory.synced", group: "ACC_BUTTONS", option: "BTN_COROZO", name: "Buttons" }]);
    // only COPY groups with a choice travel: the machine refuses the others
    expect(syncedChoice(indexTree(TREE), [61], 60)).toBeNull();
    expect(actor.getSnapshot().can({ type: "user.syncAccessory", groupId: 60 })).toBe(false);
    actor.send({ type: "user.pickAccessory", groupId: 70, optionId: null });
    expect(actor.getSnapshot().can({ type: "user.syncAccessory", groupId: 70 })).toBe(false);
    actor.send({ type: "user.syncAccessory", groupId: 70 });
    expect(synced).toHaveLength(1);
  });

  it("QO-018 a synced COPY choice applies to another category's group of the same code", () => {
    const jacket = [
      craft(90, null, "Buttons", {
        code: "ACC_BUTTONS",
        chooseType: "COPY",
        category: 3,
        children: [
          craft(91, 90, "Horn", { code: "BTN_HORN", isDefault: 1 }),
          craft(92, 90, "Corozo", { code: "BTN_COROZO" }),
        ],
      }),
    ];
    expect(applySyncedChoices(jacket, [91], { ACC_BUTTONS: "BTN_COROZO" }, 3000)).toEqual([92]);
    // an unknown option code changes nothing
    expect(applySyncedChoices(jacket, [91], { ACC_BUTTONS: "BTN_GOLD" }, 3000)).toEqual([91]);
  });

  it("QO-017 in the simple order the selectors reach the crafts child, which holds the picks", async () => {
    const actor = startSimple();
    await waitFor(actor, (s) => s.matches({ crafting: "fabricCrafts" }));
    actor.send({ type: "user.pickAccessory", groupId: 70, optionId: 72 });
    await waitFor(actor, (s) => s.context.crafts.selected.includes(72));
    expect(actor.getSnapshot().context.crafts.selected).not.toContain(71);
    actor.send({ type: "user.pickAccessory", groupId: 60, optionId: 62 });
    actor.send({ type: "user.setAccessoryValue", id: 62, value: "Olive" });
    await waitFor(actor, (s) => s.context.crafts.texts[62] === "Olive");
  });
});

describe("per-category selection cache", () => {
  it("QO-083 QO-084 a new order restores the category's remembered craft, contrast and monogram picks instead of the defaults", async () => {
    const remembered = {
      crafts: { selected: [12, 22, 62], texts: { 62: "Navy" } },
      contrast: [],
      monogram: [
        {
          site: 1520,
          siteName: "Cuff",
          color: 1510,
          font: 1501,
          embSize: null,
          content: "JS",
          file: null,
          fileName: "",
        },
      ],
    };
    const actor = start({ ...SETUP, remembered });
    await waitFor(actor, (s) => s.matches("basicInfo"));
    const c = actor.getSnapshot().context;
    expect(c.crafts).toEqual(remembered.crafts);
    expect(c.monogram).toEqual(remembered.monogram);
  });

  it("QO-084 QO-018 synced accessories newer than the remembered picks apply on top of them", async () => {
    const actor = start({
      ...SETUP,
      remembered: { crafts: { selected: [12, 71], texts: {} }, contrast: [], monogram: [] },
      synced: { ACC_BUTTONS: "BTN_COROZO" },
    });
    await waitFor(actor, (s) => s.matches("basicInfo"));
    expect(actor.getSnapshot().context.crafts.selected.sort()).toEqual([12, 72]);
  });

  it("QO-018 without remembered picks a new order starts from the defaults with the synced accessories", async () => {
    const actor = start({ ...SETUP, synced: { ACC_BUTTONS: "BTN_COROZO" } });
    await waitFor(actor, (s) => s.matches("basicInfo"));
    // no remembered picks: the defaults, with the synced buttons
    expect(actor.getSnapshot().context.crafts.selected).toEqual(expect.arrayContaining([11, 111, 61, 72]));
  });
});
