import { describe, expect, it } from "vitest";
import {
  bodyRange,
  bodyRangeRefusal,
  customerRefusals,
  firstBasicInfoRefusal,
  type BasicInfo,
  type CustomerRecord,
} from "../../domain/customer.ts";
import { GENDER, HEIGHT_UNIT, WEIGHT_UNIT } from "../../domain/ids.ts";
import { measureChanges, type MeasureSet } from "../../domain/measurements/history.ts";
import { plausibilityWarnings, type PlausibilityInput } from "../../domain/measurements/plausibility.ts";
import { PROFESSIONAL_RULES, type ProfessionalSubject } from "../../domain/orderEntry/professional.ts";
import { styleCustomerRefusal } from "../../domain/orderEntry/style.ts";
import { orderCustomerRefusal } from "../../domain/orderTools.ts";

/**
 * One rule for a person's height and weight (issue 24: "order entry and the book must refuse the same
 * things with the same messages"): the customer book, every order-entry flow (and so the server's draft
 * check, which runs the same functions) and the order customer edit accept and refuse the same values.
 */

const { cm, inch } = HEIGHT_UNIT;
const { kg, lb } = WEIGHT_UNIT;

const book: CustomerRecord = {
  custName: "Ann",
  shortName: "A",
  genderId: GENDER.female,
  height: "170",
  heightUnit: cm,
  weight: "60",
  weightUnit: kg,
  email: "",
  birthdate: "",
};
const order: BasicInfo = {
  customerName: "Ann",
  shortName: "A",
  height: "170",
  heightUnit: cm,
  weight: "60",
  weightUnit: kg,
  genderId: GENDER.female,
  fabric: "VB1000",
};
const professional = (customer: Partial<ProfessionalSubject["customer"]>): ProfessionalSubject => ({
  fabric: "VB1000",
  pieces: [],
  sizes: [],
  customer: {
    customerName: "Ann",
    shortName: "A",
    genderId: GENDER.female,
    height: "170",
    heightUnit: cm,
    weight: "60",
    weightUnit: kg,
    ...customer,
  },
});

type Figure = { height?: string; heightUnit?: number; weight?: string; weightUnit?: number };

/** What each caller says about the same figures: the refusal's key and limits, or null. */
function everyCaller(f: Figure) {
  const limit = (r: { key: string; min?: unknown; max?: unknown; unit?: unknown } | null | undefined) =>
    r ? { key: r.key, min: r.min, max: r.max, unit: r.unit } : null;
  const bookFault = customerRefusals({ ...book, ...f }).find((r) => r.key.endsWith("OutOfRange"));
  const edit = orderCustomerRefusal(
    { custName: "Ann", shortName: "A", height: f.height ?? "170", weight: f.weight ?? "60" },
    { heightUnit: f.heightUnit ?? cm, weightUnit: f.weightUnit ?? kg },
  );
  return {
    book: limit(bookFault),
    quickOrder: limit(firstBasicInfoRefusal({ ...order, ...f }) as never),
    styleOrder: limit(
      styleCustomerRefusal({
        customerName: "Ann",
        height: f.height ?? "170",
        heightUnit: f.heightUnit ?? cm,
        weight: f.weight ?? "60",
        weightUnit: f.weightUnit ?? kg,
        genderId: GENDER.female,
      }) as never,
    ),
    professionalOrder: limit(PROFESSIONAL_RULES.hasHeight(professional(f)) as never),
    orderCustomerEdit:
      edit?.key === "range"
        ? { key: `customer.${edit.field}OutOfRange`, min: edit.min, max: edit.max, unit: edit.unit }
        : null,
  };
}

describe("height and weight limits: one rule for the book and order entry", () => {
  it.each([
    [{ height: "-1" }, "customer.heightOutOfRange", 40, 250, "cm"],
    [{ height: "10000" }, "customer.heightOutOfRange", 40, 250, "cm"],
    [{ height: "39.9" }, "customer.heightOutOfRange", 40, 250, "cm"],
    [{ height: "250.5" }, "customer.heightOutOfRange", 40, 250, "cm"],
    [{ height: "200", heightUnit: inch }, "customer.heightOutOfRange", 15.75, 98.43, "inch"],
    [{ weight: "2" }, "customer.weightOutOfRange", 3, 300, "kg"],
    [{ weight: "9999" }, "customer.weightOutOfRange", 3, 300, "kg"],
    [{ weight: "700", weightUnit: lb }, "customer.weightOutOfRange", 6.61, 661.39, "lb"],
  ] as const)(
    "CUST-027 CUST-028 QO-131 PO-034 PROD-049 PROD-050 %j is refused by every caller alike",
    (f, key, min, max, unit) => {
      const said = everyCaller(f);
      for (const [caller, refusal] of Object.entries(said)) expect(refusal, caller).toEqual({ key, min, max, unit });
    },
  );

  it.each([
    [{ height: "40" }],
    [{ height: "250" }],
    [{ height: "70.87", heightUnit: inch }],
    [{ weight: "3" }],
    [{ weight: "300" }],
    [{ weight: "176.37", weightUnit: lb }],
  ] as const)("CUST-027 CUST-028 %j is accepted by every caller", (f) => {
    const said = everyCaller(f);
    for (const [caller, refusal] of Object.entries(said)) expect(refusal, caller).toBeNull();
  });

  it("the limits convert with the unit (D-11) and an empty value is the required rule's", () => {
    expect(bodyRange("height", cm)).toEqual({ min: 40, max: 250, unit: "cm" });
    expect(bodyRange("height", inch)).toEqual({ min: 15.75, max: 98.43, unit: "inch" });
    expect(bodyRange("weight", lb)).toEqual({ min: 6.61, max: 661.39, unit: "lb" });
    expect(bodyRangeRefusal("height", "", cm)).toBeNull();
    expect(bodyRangeRefusal("height", null, cm)).toBeNull();
    expect(bodyRangeRefusal("height", "tall", cm)).toMatchObject({ key: "customer.heightOutOfRange" });
    expect(firstBasicInfoRefusal({ ...order, height: "" })).toEqual({ key: "customer.heightRequired" });
  });
});

describe("plausibility warnings (issue 24: explain themselves, never refuse)", () => {
  const man: PlausibilityInput = { genderId: GENDER.male, height: "180", heightUnit: cm, weight: "80", weightUnit: kg };
  const parts = (chest: string, waist: string) => [
    { id: 71002, code: "chest", name: "Chest", value: chest },
    { id: 71003, code: "waist", name: "Waist", value: waist },
  ];

  it("plausible figures give no warning; unknown ones neither", () => {
    expect(plausibilityWarnings(man)).toEqual([]);
    expect(plausibilityWarnings({ ...man, height: "", weight: null })).toEqual([]);
    expect(plausibilityWarnings({ ...man, parts: parts("100", "88") })).toEqual([]);
  });

  it.each([
    // a height that looks like inches while the unit says cm (70 in = 177.8 cm)
    [{ height: "70", weight: "80" }, [{ key: "plausibility.heightLooksLikeInches", height: 70, asCm: 177.8 }]],
    // a weight that looks like lb while the unit says kg (176 lb = 79.83 kg at 180 cm)
    [
      { height: "180", weight: "200" },
      [{ key: "plausibility.weightLooksLikeLb", weight: 200, asKg: 90.72, bmi: 61.73 }],
    ],
    // height and weight that no adult has, in either unit
    [{ height: "250", weight: "3" }, [{ key: "plausibility.bodyMassIndex", bmi: 0.48, min: 13, max: 60 }]],
    // 70 in height is fine in inches
    [{ height: "70", heightUnit: inch, weight: "80" }, []],
  ] as const)("%j warns %j", (f, expected) => {
    expect(plausibilityWarnings({ ...man, ...f })).toMatchObject(expected);
    expect(plausibilityWarnings({ ...man, ...f })).toHaveLength(expected.length);
  });

  it("a man's chest far smaller than his waist is named with both parts, in the unit", () => {
    expect(plausibilityWarnings({ ...man, parts: parts("70", "100") })).toEqual([
      {
        key: "plausibility.chestBelowWaist",
        field: "measurement.71002",
        chest: "Chest",
        waist: "Waist",
        chestValue: 70,
        waistValue: 100,
        unit: "cm",
      },
    ]);
    // 80 % of the waist is not far smaller; a woman's measurements are not judged by it
    expect(plausibilityWarnings({ ...man, parts: parts("80", "100") })).toEqual([]);
    expect(plausibilityWarnings({ ...man, genderId: GENDER.female, parts: parts("70", "100") })).toEqual([]);
  });

  it("a warning is never a refusal: the same figures pass the book's and order entry's rules", () => {
    const figures = { height: "70", weight: "200" };
    expect(plausibilityWarnings({ ...man, ...figures }).length).toBeGreaterThan(0);
    expect(customerRefusals({ ...book, ...figures })).toEqual([]);
    expect(firstBasicInfoRefusal({ ...order, ...figures })).toBeNull();
  });
});

describe("measurement history: what changed between two kept sets, by how much, with units", () => {
  const set = (over: Partial<MeasureSet> = {}): MeasureSet => ({
    height: 180,
    heightUnit: cm,
    weight: 80,
    weightUnit: kg,
    sizes: [
      { partId: 1, name: "Chest", group: "Suit, body", partSizeCm: 100 },
      { partId: 2, name: "Waist", group: "Suit, body", partSizeCm: 88 },
    ],
    ...over,
  });

  it("the same set has no change; the first set is all new", () => {
    expect(measureChanges(set(), set())).toEqual([]);
    expect(measureChanges(null, set()).map((c) => [c.what, c.before, c.after, c.delta])).toEqual([
      ["height", null, 180, null],
      ["weight", null, 80, null],
      [1, null, 100, null],
      [2, null, 88, null],
    ]);
  });

  it("changed, added and removed values with their difference in the newer set's unit", () => {
    const newer = set({
      height: 181.5,
      weight: 78,
      sizes: [
        { partId: 1, name: "Chest", group: "Suit, body", partSizeCm: 102 },
        { partId: 3, name: "Hip", group: "Suit, body", partSizeCm: 104 },
      ],
    });
    expect(measureChanges(set(), newer)).toEqual([
      { what: "height", name: "", group: "", before: 180, after: 181.5, delta: 1.5, unit: "cm" },
      { what: "weight", name: "", group: "", before: 80, after: 78, delta: -2, unit: "kg" },
      { what: 1, name: "Chest", group: "Suit, body", before: 100, after: 102, delta: 2, unit: "cm" },
      { what: 3, name: "Hip", group: "Suit, body", before: null, after: 104, delta: null, unit: "cm" },
      { what: 2, name: "Waist", group: "Suit, body", before: 88, after: null, delta: null, unit: "cm" },
    ]);
  });

  it("an older set in other units is converted (D-11) before it is compared", () => {
    const inInches = set({ height: 70.87, heightUnit: inch, weight: 176.37, weightUnit: lb });
    const changes = measureChanges(set(), inInches);
    expect(changes.find((c) => c.what === "height")).toBeUndefined(); // 180 cm is 70.87 in
    expect(changes.find((c) => c.what === "weight")).toBeUndefined(); // 80 kg is 176.37 lb
    expect(changes).toEqual([]);
  });
});
