import { describe, expect, it } from "vitest";
import {
  emptyBasic,
  editCustomer,
  isBodyChange,
  type BasicInfoForm,
  type CustomerEdit,
} from "../../domain/customer.ts";
import {
  editMonogram,
  isMonogramRow,
  type MonogramEdit,
  type MonogramRefusal,
  type MonogramRow,
} from "../../domain/monogram.ts";
import { editContrast, isContrastSite, type ContrastEdit, type ContrastPick } from "../../domain/contrast.ts";
import { HEIGHT_UNIT, WEIGHT_UNIT } from "../../domain/units.ts";
import {
  editSize,
  emptySize,
  isOfferedEdit,
  type MeasurementsEdit,
  type SizeState,
} from "../../domain/measurements/sizeState.ts";
import { emptyStandard } from "../../domain/measurements/standardSizes.ts";
import { CUSTOMER, FULL_MONOGRAM, PARTS, POSTURES, STANDARD_SIZES } from "../machines/quickOrder.fixtures.ts";

/**
 * The order-entry form reducers (domain/: customer, monogram, contrast, measurements), each applied
 * to a state by a small harness as a flow's `assign` applies it: an edit its guard refuses changes
 * nothing and reports nothing; an accepted one is reported as the change the flow records (the
 * flows' own tests cover their side).
 */
function reduce<TState, TEdit, TReport>(
  initial: TState,
  apply: (state: TState, edit: TEdit) => TState | null,
  report: (state: TState) => TReport,
) {
  let state = initial;
  const reports: TReport[] = [];
  return {
    send: (edit: TEdit) => {
      const next = apply(state, edit);
      if (next === null) return;
      state = next;
      reports.push(report(state));
    },
    reports: () => reports,
    last: () => reports.at(-1)!,
    child: () => ({ context: state }),
  };
}

type MonogramChanged = { type: "monogram.changed"; rows: MonogramRow[]; refusal: MonogramRefusal | null };
type MonogramState = { rows: MonogramRow[]; refusal: MonogramRefusal | null };
const monogramReducer = (initial: MonogramRow[]) =>
  reduce<MonogramState, MonogramEdit, MonogramChanged>(
    { rows: initial, refusal: null },
    (state, edit) =>
      (edit.type === "user.editMonogram" || edit.type === "user.removeMonogram") &&
      !isMonogramRow(state.rows, edit.index)
        ? null
        : editMonogram(state.rows, edit),
    (state) => ({ type: "monogram.changed", rows: state.rows, refusal: state.refusal }),
  );
type ContrastChanged = { type: "contrast.changed"; picks: ContrastPick[] };
const contrastReducer = (picks: ContrastPick[]) =>
  reduce<{ picks: ContrastPick[] }, ContrastEdit, ContrastChanged>(
    { picks },
    (state, edit) => (isContrastSite(state.picks, edit) ? { picks: editContrast(state.picks, edit) } : null),
    (state) => ({ type: "contrast.changed", picks: state.picks }),
  );
type CustomerChanged = { type: "customer.changed"; basic: BasicInfoForm };
const customerReducer = (basic: BasicInfoForm) =>
  reduce<{ basic: BasicInfoForm }, CustomerEdit, CustomerChanged>(
    { basic },
    (state, edit) => ({ basic: editCustomer(state.basic, edit) }),
    (state) => ({ type: "customer.changed", basic: state.basic }),
  );
type MeasurementsChanged = { type: "measurements.changed"; size: SizeState };
const measurementsReducer = (size: SizeState, heightUnit: number) =>
  reduce<{ size: SizeState; heightUnit: number }, MeasurementsEdit, MeasurementsChanged>(
    { size, heightUnit },
    (state, edit) =>
      isOfferedEdit(state.size, edit) ? { size: editSize(state.size, state.heightUnit, edit), heightUnit } : null,
    (state) => ({ type: "measurements.changed", size: state.size }),
  );

describe("monogram reducer", () => {
  const start = () => monogramReducer([]);

  it("QO-053 adds rows marked as added here, edits and removes them, and reports each change to the order", () => {
    const m = start();
    m.send({ type: "user.addMonogram" });
    expect(m.last()).toEqual({
      type: "monogram.changed",
      refusal: null,
      rows: [expect.objectContaining({ site: null, content: "", sourceType: "add" })],
    });
    m.send({ type: "user.editMonogram", index: 0, patch: FULL_MONOGRAM });
    expect(m.last().rows[0]).toMatchObject(FULL_MONOGRAM);
    m.send({ type: "user.addMonogram" });
    m.send({ type: "user.removeMonogram", index: 0 });
    expect(m.last().rows).toEqual([expect.objectContaining({ site: null })]);
    expect(m.reports()).toHaveLength(4);
    expect(m.child().context.rows).toEqual(m.last().rows);
  });

  it('QO-152 a position another row uses is refused with "position already exists" and the pick cleared', () => {
    const m = start();
    m.send({ type: "user.addMonogram" });
    m.send({ type: "user.editMonogram", index: 0, patch: FULL_MONOGRAM });
    m.send({ type: "user.addMonogram" });
    m.send({ type: "user.editMonogram", index: 1, patch: { site: 1, siteName: "Cuff" } });
    expect(m.last()).toMatchObject({
      refusal: { key: "monogram.duplicateSite", site: "Cuff" },
      rows: [{ site: 1 }, { site: null, siteName: "" }],
    });
    // Another position is taken, and the refusal goes.
    m.send({ type: "user.editMonogram", index: 1, patch: { site: 2, siteName: "Chest" } });
    expect(m.last()).toMatchObject({ refusal: null, rows: [{ site: 1 }, { site: 2 }] });
  });

  it("QO-120 clearing (the accessory series removed) empties the rows; an edit of a row that does not exist changes nothing and reports nothing", () => {
    const m = start();
    m.send({ type: "user.addMonogram" });
    m.send({ type: "user.editMonogram", index: 3, patch: { content: "X" } });
    m.send({ type: "user.removeMonogram", index: -1 });
    expect(m.reports()).toHaveLength(1);
    m.send({ type: "monogram.clear" });
    expect(m.last().rows).toEqual([]);
  });
});

describe("contrast reducer", () => {
  const pick = (siteName: string): ContrastPick => ({
    siteName,
    positions: [],
    fabricKind: null,
    chooseFabric: null,
    chooseFabricCode: "",
    text: "",
  });

  it("QO-035 QO-036 sets a site's positions, its contrast fabric and a TEXT fabric's value, keeping the site's name, and reports each change", () => {
    const c = contrastReducer([pick("Collar"), pick("Cuff")]);
    c.send({ type: "user.editContrast", index: 1, patch: { positions: [31] } });
    c.send({
      type: "user.editContrast",
      index: 1,
      patch: { chooseFabric: 7, chooseFabricCode: "OTHER", fabricKind: "TEXT", text: "navy felt" },
    });
    expect(c.last()).toEqual({
      type: "contrast.changed",
      picks: [
        pick("Collar"),
        {
          siteName: "Cuff",
          positions: [31],
          fabricKind: "TEXT",
          chooseFabric: 7,
          chooseFabricCode: "OTHER",
          text: "navy felt",
        },
      ],
    });
    // A site that does not exist is not invented.
    c.send({ type: "user.editContrast", index: 2, patch: { positions: [1] } });
    expect(c.reports()).toHaveLength(2);
  });
});

describe("customer reducer", () => {
  const start = (basic: BasicInfoForm = emptyBasic()) => customerReducer(basic);

  it("QO-011 QO-012 QO-013 QO-014 a customer picked from the book fills name, nickname, height, weight, their units and gender", () => {
    const c = start();
    c.send({ type: "user.pickCustomer", customer: CUSTOMER });
    expect(c.last().basic).toMatchObject({
      customerId: 77,
      customerName: "John Smith",
      shortName: "JS",
      height: "180",
      heightUnit: 10266,
      weight: "80",
      weightUnit: 10261,
      genderId: 10040,
    });
  });

  it("QO-103 QO-104 switching the unit converts the typed height and weight; an empty or non-numeric entry stays as typed", () => {
    const c = start();
    const cases = [
      {
        field: "height",
        typed: "180",
        unit: { type: "user.setHeightUnit", unit: HEIGHT_UNIT.inch },
        expected: { heightUnit: HEIGHT_UNIT.inch, height: "70.87" },
      },
      {
        field: "weight",
        typed: "80",
        unit: { type: "user.setWeightUnit", unit: WEIGHT_UNIT.lb },
        expected: { weightUnit: WEIGHT_UNIT.lb, weight: "176.37" },
      },
      {
        field: "weight",
        typed: "heavy",
        unit: { type: "user.setWeightUnit", unit: WEIGHT_UNIT.kg },
        expected: { weightUnit: WEIGHT_UNIT.kg, weight: "heavy" },
      },
      {
        field: "height",
        typed: "",
        unit: { type: "user.setHeightUnit", unit: HEIGHT_UNIT.cm },
        expected: { heightUnit: HEIGHT_UNIT.cm, height: "" },
      },
    ] as const;
    for (const { field, typed, unit, expected } of cases) {
      c.send({ type: "user.edit", field, value: typed });
      c.send(unit);
      expect(c.last().basic).toMatchObject(expected);
    }
  });

  it("QO-015 QO-019 QO-020 quantity is a whole number of at least one; the optional fields and the birthday parts are kept as typed", () => {
    const c = start();
    c.send({ type: "user.setAmount", amount: 2.7 });
    expect(c.last().basic.amount).toBe(2);
    c.send({ type: "user.setAmount", amount: 0 });
    expect(c.last().basic.amount).toBe(1);
    c.send({ type: "user.setAmount", amount: Number.NaN });
    expect(c.last().basic.amount).toBe(1);
    c.send({ type: "user.edit", field: "phone", value: "+44 20 7946 0000" });
    c.send({ type: "user.setBirthday", part: "month", value: "4" });
    c.send({ type: "user.setBirthday", part: "year", value: "1980" });
    expect(c.last().basic).toMatchObject({
      phone: "+44 20 7946 0000",
      birthday: { month: "4", date: "", year: "1980" },
    });
    expect(c.child().context.basic).toEqual(c.last().basic);
  });

  it("QO-097 only the body data (customer, height, weight, their units, gender) counts as a change the pre-calculation must follow", () => {
    const before = { ...emptyBasic(), customerName: "A", height: "180", weight: "80", genderId: 10040 };
    expect(
      isBodyChange(before, {
        ...before,
        customerName: "B",
        phone: "1",
        amount: 3,
        birthday: { month: "1", date: "2", year: "1990" },
      }),
    ).toBe(false);
    for (const change of [
      { height: "181" },
      { weight: "81" },
      { heightUnit: HEIGHT_UNIT.inch },
      { weightUnit: WEIGHT_UNIT.lb },
      { genderId: 10041 },
      { customerId: 5 },
    ]) {
      expect(isBodyChange(before, { ...before, ...change }), JSON.stringify(change)).toBe(true);
    }
  });
});

describe("measurements reducer", () => {
  const loaded = (overrides: Partial<SizeState> = {}): SizeState => ({
    ...emptySize(10052),
    parts: PARTS[10052]!,
    postures: POSTURES,
    bodyTypes: [802],
    presized: true,
    loadedFor: "10052||10266",
    ...overrides,
  });
  const start = (size: SizeState, heightUnit: number = HEIGHT_UNIT.cm) => measurementsReducer(size, heightUnit);

  it("QO-097 a typed value is kept as typed and needs the pre-calculation again; each change is reported to the order", () => {
    const m = start(loaded());
    m.send({ type: "user.setMeasure", partId: 501, value: "101.5" });
    expect(m.last()).toEqual({
      type: "measurements.changed",
      size: expect.objectContaining({ values: { 501: "101.5" }, presized: false }),
    });
    m.send({ type: "user.setMeasure", partId: 502, value: "abc" });
    expect(m.last().size.values).toEqual({ 501: "101.5", 502: "abc" });
    expect(m.child().context.size).toEqual(m.last().size);
  });

  it("QO-096 a posture detail replaces its spec's choice; a detail no loaded spec offers is refused and reports nothing", () => {
    const m = start(loaded());
    m.send({ type: "user.pickPosture", detailId: 803 });
    expect(m.last().size.bodyTypes).toEqual([803]);
    m.send({ type: "user.pickPosture", detailId: 999 });
    expect(m.reports()).toHaveLength(1);
  });

  it("QO-100 QO-087 a standard size of the loaded list fills the finished values in the screen's unit, keeps the add-products' values and ends the edit-once flag", () => {
    const size = loaded({
      method: 10054,
      parts: PARTS[10053]!,
      editOnce: true,
      values: { 601: "70", 9001: "99" },
      standard: { ...emptyStandard(), areaId: 10441, shape: 10432, sizes: STANDARD_SIZES },
      pieces: [{ categoryId: 4000, name: "Extra trousers", parts: [{ ...PARTS[10052]![0]!, id: 9001 }] }],
    });
    const m = start(size, HEIGHT_UNIT.inch);
    m.send({ type: "user.pickStandardSize", sizeId: 999 });
    expect(m.reports()).toHaveLength(0);
    m.send({ type: "user.pickStandardSize", sizeId: 902 });
    expect(m.last().size).toMatchObject({
      standard: { sizeId: 902 },
      editOnce: false,
      presized: false,
      // 76, 108 and 63 cm in inches; the extra trousers' value stays
      values: { 601: "29.92", 602: "42.52", 603: "24.8", 9001: "99" },
    });
  });
});
