import { describe, expect, it } from "vitest";
import {
  defaultSelection,
  disabledParts,
  embroideryEnabled,
  hasSeries,
  indexRows,
  indexTree,
  lacksSeries,
  parseExtension,
  radioConflict,
  toggleOption,
  unfinishedText,
  type CraftNode,
} from "../../domain/crafts.ts";

const node = (id: number, parentId: number | null, extra: Partial<CraftNode> = {}): CraftNode => ({
  id,
  code: `C${id}`,
  name: `Craft ${id}`,
  isDefault: 0,
  sourceType: "IMAGE",
  chooseType: "RADIO",
  parentId,
  children: [],
  ...extra,
});

/** A suit-like tree: a RADIO lapel group with duplicate defaults, a CHECKBOX pocket group, a TEXT group. */
const lapel = node(10, null, {
  name: "Lapel",
  children: [
    node(11, 10, { isDefault: 1, children: [node(111, 11, { isDefault: 1 }), node(112, 11)], chooseType: "RADIO" }),
    node(12, 10, { isDefault: 1, extension: "10052&501,502|10053&601" }),
    node(13, 10),
  ],
});
const pockets = node(20, null, {
  name: "Pockets",
  chooseType: "CHECKBOX",
  children: [node(21, 20, { isDefault: 1 }), node(22, 20, { isDefault: 1 }), node(23, 20)],
});
const label = node(30, null, {
  name: "Label",
  chooseType: "CHECKBOX",
  children: [node(31, 30, { sourceType: "TEXT", name: "Name label" })],
});
const suit = indexTree([lapel, pockets, label]);

const series = node(5023, null, { name: "Series", children: [node(5024, 5023), node(5025, 5023)] });
const tieCrafts = node(5100, null, { name: "Tie width", children: [node(5101, 5100), node(5102, 5100)] });
const accessories = indexTree([series, tieCrafts]);

const picked = (result: ReturnType<typeof toggleOption>) => {
  if ("refusal" in result) throw new Error(`refused: ${result.refusal.key}`);
  return [...result.selected].sort((a, b) => a - b);
};

describe("craft rules", () => {
  it("QO-114 QO-116 a new order starts from the defaults: the first RADIO default only, with its default children", () => {
    expect(defaultSelection([lapel, pockets]).sort((a, b) => a - b)).toEqual([11, 21, 22, 111]);
  });

  it("QO-112 selecting a RADIO option clears the other options of its group and their children", () => {
    expect(picked(toggleOption(suit, [11, 111, 21], 13, 3000))).toEqual([13, 21]);
  });

  it("QO-113 selecting an already-selected RADIO option deselects it", () => {
    expect(picked(toggleOption(suit, [13, 21], 13, 3000))).toEqual([21]);
  });

  it("QO-115 a CHECKBOX option toggles without touching its siblings", () => {
    expect(picked(toggleOption(suit, [21], 23, 3000))).toEqual([21, 23]);
    expect(picked(toggleOption(suit, [21, 23], 21, 3000))).toEqual([23]);
  });

  it("QO-116 picking an option brings its default children", () => {
    expect(picked(toggleOption(suit, [13], 11, 3000))).toEqual([11, 111]);
  });

  it("QO-116 QO-150 an option whose single-choice group already has a pick does not bring its default child", () => {
    // Wide notch (112) is the Notch group's pick: Notch (11) comes without its default Narrow (111).
    expect(picked(toggleOption(suit, [13, 112], 11, 3000))).toEqual([11, 112]);
    expect(radioConflict(suit, picked(toggleOption(suit, [13, 112], 11, 3000)))).toBeNull();
    // Without a pick beneath it, the default still comes along.
    expect(picked(toggleOption(suit, [13], 11, 3000))).toEqual([11, 111]);
  });

  it("QO-117 deselecting a parent removes its children's selections", () => {
    expect(picked(toggleOption(suit, [11, 112, 21], 11, 3000))).toEqual([21]);
  });

  it("QO-151 an accessory craft of category 5000 needs a series first", () => {
    expect(toggleOption(accessories, [], 5101, 5000)).toEqual({ refusal: { key: "craft.seriesFirst" } });
    // Outside category 5000 the same tree has no such rule.
    expect(picked(toggleOption(accessories, [], 5101, 3000))).toEqual([5101]);
  });

  it("QO-119 a craft whose parent is 5023 enables the accessory crafts", () => {
    const withSeries = picked(toggleOption(accessories, [], 5024, 5000));
    expect(hasSeries(accessories, withSeries)).toBe(true);
    expect(picked(toggleOption(accessories, withSeries, 5101, 5000))).toEqual([5024, 5101]);
  });

  it("QO-120 removing the series clears every accessory craft and the embroidery", () => {
    const result = toggleOption(accessories, [5024, 5101], 5024, 5000);
    expect(result).toEqual({ selected: [], clearedEmbroidery: true });
  });

  it("QO-150 two single-choice options in one group are refused with the group named", () => {
    expect(radioConflict(suit, [11, 13])).toEqual({ key: "craft.multipleRadio", group: "Lapel" });
    expect(radioConflict(suit, [11, 21, 22])).toBeNull();
  });

  it("QO-145 a chosen TEXT craft needs a value: '<craft name> not finished'", () => {
    expect(unfinishedText(suit, [21, 31], {})).toEqual({ key: "craft.notFinished", name: "Name label" });
    expect(unfinishedText(suit, [21, 31], { 31: "  " })).toEqual({ key: "craft.notFinished", name: "Name label" });
    expect(unfinishedText(suit, [21, 31], { 31: "J.D." })).toBeNull();
  });

  it("QO-121 an extension splits by | into the two measurement modes and by & into a code and disabled part ids", () => {
    expect(parseExtension("10052&501,502|10053&601")).toEqual([
      { code: "10052", partIds: [501, 502] },
      { code: "10053", partIds: [601] },
    ]);
    expect(parseExtension("")).toEqual([]);
    expect([...disabledParts(suit, [12], 10052)]).toEqual([501, 502]);
    expect([...disabledParts(suit, [12], 10053)]).toEqual([601]);
    expect([...disabledParts(suit, [12], 10054)]).toEqual([]);
    expect([...disabledParts(suit, [13], 10052)]).toEqual([]);
  });

  it("QO-151 QO-119 a selection with an accessory craft but no series lacks it; the series enables the embroidery", () => {
    expect(lacksSeries(accessories, [5101], 5000)).toBe(true);
    expect(lacksSeries(accessories, [5024, 5101], 5000)).toBe(false);
    expect(lacksSeries(accessories, [5101], 3000)).toBe(false);
    expect(embroideryEnabled(accessories, [5101], 5000)).toBe(false);
    expect(embroideryEnabled(accessories, [5025], 5000)).toBe(true);
    expect(embroideryEnabled(accessories, [], 3000)).toBe(true);
  });

  it("QO-150 QO-145 QO-121 flat rows in tree order (the server's table) index to the same rules as the tree", () => {
    const flatten = (nodes: readonly CraftNode[]): CraftNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
    const rows = indexRows(flatten([lapel, pockets, label]));
    expect(radioConflict(rows, [11, 13])).toEqual(radioConflict(suit, [11, 13]));
    expect(unfinishedText(rows, [21, 31], {})).toEqual({ key: "craft.notFinished", name: "Name label" });
    expect([...disabledParts(rows, [12], 10052)]).toEqual([501, 502]);
    expect(rows.parentOf.get(111)?.id).toBe(11);
  });
});
