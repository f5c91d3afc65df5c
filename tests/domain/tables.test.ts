import { describe, expect, it } from "vitest";
import { editContrast, isContrastSite, type ContrastPick, type ContrastSiteOption } from "../../domain/contrast.ts";
import { editCrafts, indexTree, asksForLogo, hasSurcharge } from "../../domain/crafts.ts";
import { accountCents, fabricUsageCents, formatCents, parseCents } from "../../domain/money.ts";
import { measureFault, firstSizeRefusal, type MeasurePart } from "../../domain/measurements/sizes.ts";
import { HEIGHT_UNIT, LOGO_CRAFT_ID } from "../../domain/ids.ts";
import { lengthFromCm, lengthUnitName } from "../../domain/units.ts";
import { initialForm, type OrderForm } from "../../domain/orderEntry/form.ts";
import { step1Refusal, step3Refusal } from "../../domain/orderEntry/refusals.ts";
import { ACCESSORY_SETUP, SUIT_DEFAULTS, SUIT_SETUP } from "../machines/quickOrder.fixtures.ts";

describe("money in integer cents", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [123450, "1234.50"],
    [-5, "-0.05"],
    [-123456, "-1234.56"],
  ])("formats %i cents as %s and reads it back", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
    expect(parseCents(text)).toBe(cents);
  });

  it.each(["", "1.234", "abc", "1,00"])("%j is no money amount", (text) => expect(parseCents(text)).toBeNull());

  it.each([
    [1000, 100, 1000],
    [1000, 85, 850],
    [1001, 50, 501], // 500.5 rounds half up
    [999, 150, 1499], // 1498.5 rounds half up
  ])("the account price factor: %i cents × %i percent = %i cents", (cents, pct, expected) =>
    expect(accountCents(cents, pct)).toBe(expected),
  );

  it("the fabric a garment uses: price per metre × centimetres, rounded half up", () => {
    expect(fabricUsageCents(12000, 350)).toBe(42000);
    expect(fabricUsageCents(333, 150)).toBe(500); // 499.5
  });
});

describe("units (D-11)", () => {
  it.each([
    [180, HEIGHT_UNIT.cm, 180, "cm"],
    [180, null, 180, "cm"],
    [180, HEIGHT_UNIT.inch, 70.87, "inch"],
    [2.54, HEIGHT_UNIT.inch, 1, "inch"],
  ] as const)("QO-103 %f cm in unit %s is %f %s", (cm, unit, value, name) => {
    expect(lengthFromCm(cm, unit)).toBe(value);
    expect(lengthUnitName(unit)).toBe(name);
  });
});

describe("a measurement's value (shared by the browser and the server)", () => {
  const part = { minValue: 70, maxValue: 150, isMust: 1 as const };
  it.each([
    ["", "required"],
    [null, "required"],
    ["  ", "required"],
    ["abc", "notNumber"],
    ["1e2", "notNumber"],
    [Number.NaN, "notNumber"],
    ["69.9", "outOfRange"],
    [150.5, "outOfRange"],
    ["70", null],
    [150, null],
    ["100.25", null],
  ] as const)("QO-147 QO-148 QO-157 QO-158 %j is %s", (raw, fault) => expect(measureFault(part, raw)).toBe(fault));

  it("QO-147 an optional part may stay empty", () => expect(measureFault({ ...part, isMust: 0 }, "")).toBeNull());

  it("QO-148 an out-of-range refusal names its range, its unit and its field", () => {
    const chest: MeasurePart = { id: 501, name: "Chest", minValue: 70, maxValue: 150, defaultValue: 100, isMust: 1 };
    expect(firstSizeRefusal([chest], { 501: "200" }, new Set(), "inch")).toEqual({
      key: "size.outOfRange",
      name: "Chest",
      min: 70,
      max: 150,
      unit: "inch",
      field: "measurement.501",
    });
  });
});

describe("the contrast reducer's intents", () => {
  const sites: ContrastSiteOption[] = [
    {
      id: 1601,
      name: "Collar",
      positions: [
        { id: 1651, name: "Under collar", price: "5.00" },
        { id: 1652, name: "Collar stand", price: "5.00" },
      ],
      fabrics: [
        { id: 1701, code: "C1", name: "Silk", sourceType: "IMAGE", price: "10.00" },
        { id: 1702, code: "OTHER", name: "Other", sourceType: "TEXT", price: "0.00" },
      ],
    },
  ];
  const empty: ContrastPick = {
    siteName: "Collar",
    positions: [],
    fabricKind: null,
    chooseFabric: null,
    chooseFabricCode: "",
    text: "",
  };

  it("QO-035 a position is toggled on its site", () => {
    const one = editContrast([empty], { type: "user.toggleContrastPosition", site: 0, position: 1651 }, sites);
    expect(one[0]!.positions).toEqual([1651]);
    const two = editContrast(one, { type: "user.toggleContrastPosition", site: 0, position: 1652 }, sites);
    expect(two[0]!.positions).toEqual([1651, 1652]);
    expect(
      editContrast(two, { type: "user.toggleContrastPosition", site: 0, position: 1651 }, sites)[0]!.positions,
    ).toEqual([1652]);
  });

  it("QO-055 QO-144 a contrast fabric brings its code and kind; none clears them; a TEXT fabric's value is kept", () => {
    const text = editContrast([empty], { type: "user.pickContrastFabric", site: 0, fabricId: 1702 }, sites);
    expect(text[0]).toMatchObject({ chooseFabric: 1702, chooseFabricCode: "OTHER", fabricKind: "TEXT" });
    const typed = editContrast(text, { type: "user.setContrastText", site: 0, text: "navy" }, sites);
    expect(typed[0]!.text).toBe("navy");
    expect(editContrast(typed, { type: "user.pickContrastFabric", site: 0, fabricId: null }, sites)[0]).toMatchObject({
      chooseFabric: null,
      chooseFabricCode: "",
      fabricKind: null,
      siteName: "Collar",
    });
  });

  it.each([
    [0, true],
    [1, false],
    [-1, false],
  ])("only a site of the category is edited: site %i → %s", (site, ok) =>
    expect(isContrastSite([empty], { type: "user.setContrastText", site, text: "x" })).toBe(ok),
  );
});

describe("the crafts reducer", () => {
  const suit = indexTree(SUIT_SETUP.tree);
  const accessories = indexTree(ACCESSORY_SETUP.tree);
  const picks = { selected: [...SUIT_DEFAULTS], texts: {} };

  it("QO-112 a RADIO pick replaces its sibling; QO-031 a TEXT value and QO-136 a FILE attachment are kept by id", () => {
    const sleeveless = editCrafts(suit, picks, { type: "user.toggleOption", id: 42 }, 3000);
    expect(sleeveless.crafts.selected).toContain(42);
    expect(sleeveless.crafts.selected).not.toContain(41);
    expect(editCrafts(suit, picks, { type: "user.setText", id: 51, value: "J. S." }, 3000).crafts.texts).toEqual({
      51: "J. S.",
    });
    expect(editCrafts(suit, picks, { type: "user.attachFile", id: 51, file: null }, 3000).crafts.texts).toEqual({
      51: "",
    });
  });

  it("QO-151 an accessory craft needs its series first; QO-120 removing the series says the embroidery goes", () => {
    const none = { selected: [], texts: {} };
    expect(editCrafts(accessories, none, { type: "user.toggleOption", id: 5101 }, 5000)).toEqual({
      crafts: none,
      refusal: { key: "craft.seriesFirst" },
      clearedEmbroidery: false,
    });
    const series = editCrafts(accessories, none, { type: "user.toggleOption", id: 5024 }, 5000).crafts;
    const withCraft = editCrafts(accessories, series, { type: "user.toggleOption", id: 5101 }, 5000).crafts;
    const removed = editCrafts(accessories, withCraft, { type: "user.toggleOption", id: 5024 }, 5000);
    expect(removed).toMatchObject({ crafts: { selected: [] }, clearedEmbroidery: true, refusal: null });
  });

  it("QO-037 the logo craft asks for the logo; QO-038 a priced option shows its surcharge", () => {
    expect(asksForLogo(LOGO_CRAFT_ID)).toBe(true);
    expect(asksForLogo(11)).toBe(false);
    expect(hasSurcharge({ price: "12.00" })).toBe(true);
    expect(hasSurcharge({ price: "0.00" })).toBe(false);
    expect(hasSurcharge({})).toBe(false);
  });
});

describe("refusals name their field (issue 8 §4)", () => {
  const form = (): OrderForm => ({ ...initialForm({ categoryId: 3000 }), setup: SUIT_SETUP });

  it.each([
    [{}, "customer.nameRequired", "customer.name"],
    [{ customerName: "A" }, "customer.nicknameRequired", "customer.shortName"],
    [{ customerName: "A", shortName: "B" }, "customer.heightRequired", "customer.height"],
    [{ customerName: "A", shortName: "B", height: "180" }, "customer.weightRequired", "customer.weight"],
    [{ customerName: "A", shortName: "B", height: "180", weight: "80" }, "customer.genderRequired", "customer.gender"],
    [
      { customerName: "A", shortName: "B", height: "180", weight: "80", genderId: 10040 },
      "order.fabricRequired",
      "fabric",
    ],
  ])("QO-130..134 D-06 step 1 with %j: %s names %s", (basic, key, field) => {
    const f = form();
    expect(step1Refusal({ ...f, basic: { ...f.basic, ...basic } })).toMatchObject({ key, field });
  });

  it("QO-163 an out-of-stock fabric names the fabric", () => {
    const f = form();
    const basic = { ...f.basic, customerName: "A", shortName: "B", height: "180", weight: "80", genderId: 10040 };
    expect(step1Refusal({ ...f, basic, fabric: { source: "sys", code: "X", inStock: false } })).toEqual({
      key: "fabric.outOfStock",
      field: "fabric",
    });
  });

  it("QO-091 QO-162 a method without its parts names the method; body sizes not pre-calculated name the button", () => {
    const f = form();
    expect(step3Refusal({ ...f, size: { ...f.size, method: 10052 } }, false)).toEqual({
      key: "size.notLoaded",
      field: "size.method",
    });
    const chest: MeasurePart = { id: 501, name: "Chest", minValue: 70, maxValue: 150, defaultValue: 100, isMust: 1 };
    const loaded = { ...f, size: { ...f.size, method: 10052, parts: [chest], values: { 501: "100" } } };
    expect(step3Refusal(loaded, false)).toBeNull();
    expect(step3Refusal(loaded, true)).toEqual({ key: "size.presizeFirst", field: "size.presize" });
  });
});

describe("dictionary and status ids", () => {
  it("D-02 PROD-071 PROD-028 the stored order types (9 goods, 10 style) and the statuses of an order (10368 saved, 10371 pending review, 10030 submitted, 10369 failed)", async () => {
    const { ORDER_STATUS, ORDER_TYPE, QUICK_ORDER_TYPE } = await import("../../domain/ids.ts");
    expect(ORDER_TYPE).toEqual({ simple: 7, professional: 8, goods: 9, style: 10 });
    expect(QUICK_ORDER_TYPE).toBe(7);
    expect(ORDER_STATUS).toMatchObject({ saved: 10368, pending: 10371, submitted: 10030, failed: 10369 });
    // The whole set with the designed ids: tests/domain/orderStatus.test.ts.
    expect(Object.keys(ORDER_STATUS)).toHaveLength(10);
  });
});
