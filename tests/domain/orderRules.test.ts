import { describe, expect, it } from "vitest";
import {
  convertBounded,
  convertLength,
  convertWeight,
  DEFAULT_HEIGHT_UNIT,
  DEFAULT_WEIGHT_UNIT,
  HEIGHT_UNIT,
  MEASURE_STEP,
  round2,
  WEIGHT_UNIT,
} from "../../domain/units.ts";
import { firstSizeRefusal, isWithinRange, parseMeasure, type MeasurePart } from "../../domain/measurements/sizes.ts";
import { defaultGender, firstBasicInfoRefusal, GENDER, joinBirthday, type BasicInfo } from "../../domain/customer.ts";
import {
  firstMonogramRefusal,
  isDuplicateSite,
  isPriceable,
  missingInRow,
  offersSizes,
  UPLOADED_FONT_ID,
  type MonogramRow,
} from "../../domain/monogram.ts";
import { firstContrastRefusal, missingInPick } from "../../domain/contrast.ts";

describe("units", () => {
  it("QO-106 QO-073 QO-074 defaults are cm (10266) and kg (10261)", () => {
    expect(DEFAULT_HEIGHT_UNIT).toBe(10266);
    expect(DEFAULT_WEIGHT_UNIT).toBe(10261);
    expect(HEIGHT_UNIT.inch).toBe(10265);
    expect(WEIGHT_UNIT.lb).toBe(10262);
  });

  it("QO-103 QO-107 lengths convert by 2.54 per inch to two decimals, with bounds and defaults", () => {
    expect(convertLength(180, HEIGHT_UNIT.cm, HEIGHT_UNIT.inch)).toBe(70.87);
    expect(convertLength(70.87, HEIGHT_UNIT.inch, HEIGHT_UNIT.cm)).toBe(180.01);
    expect(convertLength(100, HEIGHT_UNIT.cm, HEIGHT_UNIT.cm)).toBe(100);
    const chest = convertBounded({ minValue: 60, maxValue: 160, defaultValue: 100 }, (n) =>
      convertLength(n, HEIGHT_UNIT.cm, HEIGHT_UNIT.inch),
    );
    expect(chest).toEqual({ minValue: 23.62, maxValue: 62.99, defaultValue: 39.37 });
  });

  it("QO-104 D-11 weights convert by 2.20462 lb per kg to two decimals", () => {
    expect(convertWeight(80, WEIGHT_UNIT.kg, WEIGHT_UNIT.lb)).toBe(176.37);
    expect(convertWeight(176.37, WEIGHT_UNIT.lb, WEIGHT_UNIT.kg)).toBe(80);
    expect(round2(1.005)).toBe(1.01);
  });

  it("QO-058 the stepper adds 0.5", () => {
    expect(MEASURE_STEP).toBe(0.5);
  });
});

const part = (id: number, name: string, isMust: 0 | 1, minValue = 50, maxValue = 150): MeasurePart => ({
  id,
  name,
  minValue,
  maxValue,
  defaultValue: 100,
  isMust,
});
const parts = [part(1, "Chest", 1), part(2, "Waist", 1), part(3, "Wrist", 0, 10, 30)];

describe("measurements", () => {
  it("QO-157 measurements accept numbers only", () => {
    expect(parseMeasure("98.5")).toBe(98.5);
    expect(parseMeasure(" 100 ")).toBe(100);
    for (const bad of ["abc", "1e3", "-5", "12.", "", "1,5"]) expect(parseMeasure(bad)).toBeNull();
  });

  it("QO-158 a value is in range with its bounds included", () => {
    expect(isWithinRange(parts[0]!, 50)).toBe(true);
    expect(isWithinRange(parts[0]!, 150)).toBe(true);
    expect(isWithinRange(parts[0]!, 150.5)).toBe(false);
  });

  it("QO-147 a required part must be filled: '<name> cannot be empty', disabled parts skipped", () => {
    expect(firstSizeRefusal(parts, { 1: "100" }, new Set())).toEqual({
      key: "size.required",
      name: "Waist",
      field: "measurement.2",
    });
    expect(firstSizeRefusal(parts, { 1: "100" }, new Set([2]))).toBeNull();
  });

  it("QO-148 a filled part must be in range: '<name> out of range'; the first failure in part order wins", () => {
    expect(firstSizeRefusal(parts, { 1: "200", 2: "" }, new Set())).toEqual({
      key: "size.outOfRange",
      name: "Chest",
      min: 50,
      max: 150,
      unit: "cm",
      field: "measurement.1",
    });
    expect(firstSizeRefusal(parts, { 1: "100", 2: "90", 3: "31" }, new Set())).toEqual({
      key: "size.outOfRange",
      name: "Wrist",
      min: 10,
      max: 30,
      unit: "cm",
      field: "measurement.3",
    });
    expect(firstSizeRefusal(parts, { 1: "100", 2: "90", 3: "x" }, new Set())).toEqual({
      key: "size.outOfRange",
      name: "Wrist",
      min: 10,
      max: 30,
      unit: "cm",
      field: "measurement.3",
    });
  });
});

const complete: BasicInfo = {
  customerName: "John Smith",
  shortName: "John",
  height: "180",
  heightUnit: 10266,
  weight: "80",
  weightUnit: 10261,
  genderId: 10040,
  fabric: "VB1000",
};

describe("step 1", () => {
  it("QO-130 QO-131 QO-132 QO-133 QO-134 QO-135 QO-146 D-06 name, nickname, height, weight, weight unit, gender and fabric are checked in order, first failure stops", () => {
    expect(firstBasicInfoRefusal(complete)).toBeNull();
    // QO-146: D-06 settles the readings: name, nickname, gender, height and weight; the phone is optional (not checked)
    expect(firstBasicInfoRefusal({ ...complete, customerName: " ", height: "", fabric: "" })).toEqual({
      key: "customer.nameRequired",
    });
    expect(firstBasicInfoRefusal({ ...complete, shortName: "", height: "" })).toEqual({
      key: "customer.nicknameRequired",
    });
    expect(firstBasicInfoRefusal({ ...complete, height: "", weightUnit: null })).toEqual({
      key: "customer.heightRequired",
    });
    expect(firstBasicInfoRefusal({ ...complete, weight: " ", weightUnit: null })).toEqual({
      key: "customer.weightRequired",
    });
    expect(firstBasicInfoRefusal({ ...complete, weightUnit: null, genderId: null })).toEqual({
      key: "customer.weightUnitRequired",
    });
    expect(firstBasicInfoRefusal({ ...complete, genderId: null, fabric: "" })).toEqual({
      key: "customer.genderRequired",
    });
    expect(firstBasicInfoRefusal({ ...complete, fabric: "" })).toEqual({ key: "order.fabricRequired" });
  });

  it("QO-122 QO-123 QO-072 gender defaults to male, female when the first category code starts with W", () => {
    expect(defaultGender("MSUIT")).toBe(GENDER.male);
    expect(defaultGender("WSUIT")).toBe(GENDER.female);
    expect(defaultGender(undefined)).toBe(10040);
  });

  it("QO-020 birthday month, date and year join as year-month-day", () => {
    expect(joinBirthday("3", "7", "1985")).toBe("1985-03-07");
    expect(joinBirthday("2", "30", "1985")).toBe("");
    expect(joinBirthday("", "7", "1985")).toBe("");
  });
});

const row = (extra: Partial<MonogramRow> = {}): MonogramRow => ({
  site: 1,
  siteName: "Cuff",
  color: 2,
  font: 3,
  embSize: 4,
  content: "JS",
  file: null,
  ...extra,
});

describe("monogram and contrast", () => {
  it("QO-137 QO-138 QO-139 QO-141 QO-142 QO-154 QO-155 each row needs site, colour, font and content; the message names the site and the item", () => {
    expect(firstMonogramRefusal([row()], 3000)).toBeNull();
    expect(firstMonogramRefusal([row({ site: null, siteName: "" })], 3000)).toEqual({
      key: "monogram.missing",
      site: "",
      missing: "site",
    });
    expect(firstMonogramRefusal([row({ color: null, font: null })], 3000)).toEqual({
      key: "monogram.missing",
      site: "Cuff",
      missing: "color",
    });
    expect(firstMonogramRefusal([row({ font: null })], 3000)).toEqual({
      key: "monogram.missing",
      site: "Cuff",
      missing: "font",
    });
    expect(firstMonogramRefusal([row({ content: " " })], 3000)).toEqual({
      key: "monogram.missing",
      site: "Cuff",
      missing: "content",
    });
  });

  it("QO-140 QO-156 D-12 a size is needed only where sizes exist (3000, 5000, 11000)", () => {
    expect(firstMonogramRefusal([row({ embSize: null })], 3000)).toEqual({
      key: "monogram.missing",
      site: "Cuff",
      missing: "size",
    });
    expect(firstMonogramRefusal([row({ embSize: null })], 1000)).toBeNull();
    expect([3000, 5000, 11000, 1000].map(offersSizes)).toEqual([true, true, true, false]);
  });

  it("QO-153 the uploaded-file font (1500) needs a file instead of content", () => {
    expect(firstMonogramRefusal([row({ font: UPLOADED_FONT_ID, content: "" })], 3000)).toEqual({
      key: "monogram.missing",
      site: "Cuff",
      missing: "file",
    });
    expect(firstMonogramRefusal([row({ font: UPLOADED_FONT_ID, content: "", file: "att-1" })], 3000)).toBeNull();
  });

  it("QO-152 a position used by another row is a duplicate", () => {
    const rows = [row({ site: 1 }), row({ site: 2 })];
    expect(isDuplicateSite(rows, 1, 1)).toBe(true);
    expect(isDuplicateSite(rows, 0, 1)).toBe(false);
  });

  it("QO-143 QO-144 a contrast site with positions needs a fabric, and a TEXT fabric needs a value", () => {
    const base = {
      siteName: "Collar",
      positions: [1],
      fabricKind: "IMAGE" as const,
      chooseFabric: 9,
      chooseFabricCode: "VB0009",
      text: "",
    };
    expect(firstContrastRefusal([base])).toBeNull();
    expect(firstContrastRefusal([{ ...base, positions: [], chooseFabric: null }])).toBeNull();
    expect(firstContrastRefusal([{ ...base, chooseFabric: null }])).toEqual({
      key: "contrast.fabricRequired",
      site: "Collar",
    });
    expect(firstContrastRefusal([{ ...base, fabricKind: "TEXT", text: "" }])).toEqual({
      key: "contrast.textRequired",
      site: "Collar",
    });
  });

  it("QO-137 QO-138 QO-139 QO-140 QO-141 QO-153 a row lacks site, then colour, then font, then size, then its content or file", () => {
    const row = { site: null, color: null, font: null, embSize: null, content: "", file: null };
    expect(missingInRow(row, 3000)).toBe("site");
    expect(missingInRow({ ...row, site: 1 }, 3000)).toBe("color");
    expect(missingInRow({ ...row, site: 1, color: 2 }, 3000)).toBe("font");
    expect(missingInRow({ ...row, site: 1, color: 2, font: 3 }, 3000)).toBe("size");
    expect(missingInRow({ ...row, site: 1, color: 2, font: 3 }, 4000)).toBe("content");
    expect(missingInRow({ ...row, site: 1, color: 2, font: UPLOADED_FONT_ID }, 4000)).toBe("file");
    expect(missingInRow({ ...row, site: 1, color: 2, font: 3, content: "JD" }, 4000)).toBeNull();
    // A quote prices a row once everything but its content or artwork is chosen.
    expect([null, "content", "file"].every((m) => isPriceable(m as never))).toBe(true);
    expect(isPriceable("size")).toBe(false);
  });

  it("QO-143 QO-144 a contrast pick without positions lacks nothing; with positions a fabric, then a TEXT fabric's value", () => {
    const pick = { positions: [] as number[], chooseFabric: null, fabricKind: null, text: "" };
    expect(missingInPick(pick)).toBeNull();
    expect(missingInPick({ ...pick, positions: [1] })).toBe("fabric");
    expect(missingInPick({ ...pick, positions: [1], chooseFabric: 9, fabricKind: "TEXT" as const })).toBe("text");
    expect(missingInPick({ ...pick, positions: [1], chooseFabric: 9, fabricKind: "IMAGE" as const })).toBeNull();
  });
});
