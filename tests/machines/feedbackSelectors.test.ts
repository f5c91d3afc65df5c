import { describe, expect, it } from "vitest";
import type { QuickOrderContext } from "../../machines/quickOrder/quickOrder.machine.ts";
import { initialContext } from "../../machines/orderEntry/setup.ts";
import { refusalView, shownFinishedSizes } from "../../machines/orderEntry/feedback.selectors.ts";
import type { MeasurePart } from "../../domain/measurements/sizes.ts";
import { HEIGHT_UNIT } from "../../domain/units.ts";

const part = (id: number, name: string, minValue: number, maxValue: number): MeasurePart => ({
  id,
  name,
  minValue,
  maxValue,
  defaultValue: minValue,
  isMust: 1,
});

const context = (patch: Partial<QuickOrderContext> = {}): QuickOrderContext => {
  const base = initialContext({ categoryId: 3000 });
  return {
    ...base,
    size: {
      ...base.size,
      method: 10053,
      parts: [part(501, "Chest", 70, 150), part(502, "Waist", 60, 140)],
      pieces: [{ categoryId: 2000, name: "Extra trousers", parts: [part(801, "Waist", 55, 130)] }],
    },
    ...patch,
  };
};

describe("the refusal as the order-entry views show it (issue 8 §4)", () => {
  it.each([
    ["customer.nameRequired", "customer.name"],
    ["customer.nicknameRequired", "customer.shortName"],
    ["customer.heightRequired", "customer.height"],
    ["customer.weightRequired", "customer.weight"],
    ["customer.weightUnitRequired", "customer.weightUnit"],
    ["customer.genderRequired", "customer.gender"],
    ["order.fabricRequired", "fabric"],
    ["fabric.outOfStock", "fabric"],
    ["size.presizeFirst", "size.presize"],
    ["size.areaRequired", "size.standard"],
    ["size.shapeRequired", "size.standard"],
    ["size.standardRequired", "size.standard"],
    ["craft.multipleRadio", null],
    ["monogram.duplicateSite", null],
  ] as const)("QO-130..135 QO-163 QO-162 QO-100 %s names the field %s", (key, field) => {
    const view = refusalView(context({ refusal: { key } }));
    expect(view).toEqual({ notice: { key }, field });
  });

  it("QO-147 QO-148 a measurement refusal names its part, of the main piece or of the add-product", () => {
    const main = refusalView(context({ refusal: { key: "size.required", name: "Waist" } }));
    expect(main?.field).toBe("measurement.502");
    const piece = refusalView(context({ refusal: { key: "size.required", name: "Waist", piece: "Extra trousers" } }));
    expect(piece?.field).toBe("measurement.801");
    expect(refusalView(context({ refusal: { key: "size.required", name: "Nope" } }))?.field).toBeNull();
  });

  it("QO-148 an out-of-range refusal carries the screen's length unit with its range", () => {
    const refusal = { key: "size.outOfRange" as const, name: "Chest", min: 70, max: 150 };
    expect(refusalView(context({ refusal }))).toEqual({
      notice: { ...refusal, unit: "cm" },
      field: "measurement.501",
    });
    const inches = context({ refusal });
    inches.basic = { ...inches.basic, heightUnit: HEIGHT_UNIT.inch };
    expect(refusalView(inches)?.notice).toEqual({ ...refusal, unit: "inch" });
  });

  it("a refusal that names its field and unit itself is taken as it is", () => {
    const refusal = { key: "size.outOfRange" as const, name: "Chest", min: 70, max: 150, field: "x", unit: "cm" };
    expect(refusalView(context({ refusal }))).toEqual({ notice: refusal, field: "x" });
    expect(refusalView(context())).toBeNull();
  });
});

describe("the finished sizes the views show (QO-057)", () => {
  it("QO-057 QO-097 only for body measurements, and only while the pre-calculation holds", () => {
    const base = context();
    const body = { ...base.size, method: 10052, finished: { 501: "112" } };
    expect(shownFinishedSizes({ ...base, size: { ...body, presized: true } })).toEqual({ 501: "112" });
    expect(shownFinishedSizes({ ...base, size: { ...body, presized: false } })).toBeNull();
    expect(shownFinishedSizes({ ...base, size: { ...body, method: 10053, presized: true } })).toBeNull();
  });
});
