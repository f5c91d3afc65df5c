import { describe, expect, it } from "vitest";
import {
  APPEARANCE,
  canEditOrderCustomer,
  consumptionDefaults,
  consumptionRefusal,
  fabricConsumption,
  orderCustomerRefusal,
  type ConsumptionForm,
} from "../../domain/orderTools.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";

const full: ConsumptionForm = {
  ...consumptionDefaults("MTM1"),
  strStripeId: String(APPEARANCE.grid),
  strStripe: "Checked",
  strWidth: "145.5",
  strStripeWidth: "0",
  strGridWidth: "3",
};

describe("consumption form checks", () => {
  it("PROD-046 a new form has cut twice 0 with id 10051", () => {
    expect(consumptionDefaults("MTM1")).toMatchObject({
      strTwoClipping: "0",
      strTwoClippingId: "10051",
      orderCode: "MTM1",
    });
  });

  it.each([
    ["strStripeId", "", { key: "required", field: "strStripeId" }],
    ["strWidth", " ", { key: "required", field: "strWidth" }],
    ["strGridWidth", "", { key: "required", field: "strGridWidth" }],
    ["orderCode", "", { key: "required", field: "orderCode" }],
    ["strWidth", "abc", { key: "number", field: "strWidth" }],
    ["strStripeWidth", "1,5", { key: "number", field: "strStripeWidth" }],
    ["strWidth", "40", { key: "range", field: "strWidth", min: 50, max: 400 }],
    ["strGridWidth", "100.5", { key: "range", field: "strGridWidth", min: 0, max: 100 }],
  ] as const)("PROD-044 PROD-045 %s = %j is refused", (field, value, refusal) => {
    expect(consumptionRefusal({ ...full, [field]: value })).toEqual(refusal);
  });

  it("PROD-044 the first empty field in form order is named first; a complete form passes", () => {
    expect(consumptionRefusal(consumptionDefaults("MTM1"))).toEqual({ key: "required", field: "strStripeId" });
    expect(consumptionRefusal(full)).toBeNull();
  });

  it.each([
    ["custName", "", "required"],
    ["shortName", "", "required"],
    ["height", "", "required"],
    ["weight", "", "required"],
    ["height", "1.8m", "number"],
    ["weight", "0", "range"],
  ] as const)("PROD-047..050 order customer %s = %j is refused (%s)", (field, value, key) => {
    const form = { custName: "A", shortName: "B", height: "180", weight: "75" };
    expect(orderCustomerRefusal({ ...form, [field]: value })).toMatchObject({ key, field });
    expect(orderCustomerRefusal(form)).toBeNull();
  });

  it("the order customer is editable until cutting starts", () => {
    expect([ORDER_STATUS.saved, ORDER_STATUS.pending, ORDER_STATUS.submitted].every(canEditOrderCustomer)).toBe(true);
    expect([ORDER_STATUS.cutting, ORDER_STATUS.finished, ORDER_STATUS.cancelled].some(canEditOrderCustomer)).toBe(
      false,
    );
  });
});

describe("fabric consumption formula (designed)", () => {
  const piece = (baseCm: number, measurementsCm: number[]) => ({ baseCm, measurementsCm });
  it.each([
    // plain, reference width and body: the catalogue's usage as it is
    [
      {
        pieces: [piece(350, [100])],
        clothWidthCm: 150,
        appearanceId: APPEARANCE.plain,
        stripWidthCm: 5,
        gridSizeCm: 5,
        cutTwice: false,
      },
      350,
    ],
    // a smaller body never uses less than the catalogue's usage
    [
      {
        pieces: [piece(350, [80])],
        clothWidthCm: 150,
        appearanceId: APPEARANCE.plain,
        stripWidthCm: 0,
        gridSizeCm: 0,
        cutTwice: false,
      },
      350,
    ],
    // a narrower cloth takes more length: 150 × 150 / 100 = 225
    [
      {
        pieces: [piece(150, [90])],
        clothWidthCm: 100,
        appearanceId: APPEARANCE.plain,
        stripWidthCm: 0,
        gridSizeCm: 0,
        cutTwice: false,
      },
      225,
    ],
    // stripes add four repeats per piece: 180 × 1.2 + 4 × 2.5 = 226
    [
      {
        pieces: [piece(180, [120, 70])],
        clothWidthCm: 150,
        appearanceId: APPEARANCE.stripe,
        stripWidthCm: 2.5,
        gridSizeCm: 9,
        cutTwice: false,
      },
      226,
    ],
    // a grid uses the grid size; cut twice adds a tenth: (150 + 4 × 3) × 1.1 = 178.2 → 179
    [
      {
        pieces: [piece(150, [100])],
        clothWidthCm: 150,
        appearanceId: APPEARANCE.grid,
        stripWidthCm: 9,
        gridSizeCm: 3,
        cutTwice: true,
      },
      179,
    ],
  ])("%# computes %j cm", (input, cm) => {
    expect(fabricConsumption(input)).toEqual({ ok: true, cm });
  });

  it("PROD-041 a piece without measurements (or an order without pieces) cannot be computed", () => {
    const base = { clothWidthCm: 150, appearanceId: APPEARANCE.plain, stripWidthCm: 0, gridSizeCm: 0, cutTwice: false };
    expect(fabricConsumption({ ...base, pieces: [piece(350, [100]), piece(150, [])] })).toEqual({
      ok: false,
      reason: "noMeasurements",
    });
    expect(fabricConsumption({ ...base, pieces: [] })).toEqual({ ok: false, reason: "noPieces" });
  });
});
