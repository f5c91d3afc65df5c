/**
 * The order-entry form reducers (domain/), each over an enumerated input space: every action of each
 * reducer applied to every state of a small but complete space (every subset of a craft tree with
 * RADIO, CHECKBOX, COPY, nested and TEXT options, with and without the accessory series 5023; every
 * monogram row list of up to three rows; every contrast pick; every customer field and unit; every
 * measurement edit), checked against the rule each action encodes. The flows' step models
 * (tests/machines/*.model.test.ts) then only need one real event list per step.
 */
import { describe, expect, it } from "vitest";
import {
  chooseInGroup,
  defaultSelection,
  editCrafts,
  indexTree,
  radioConflict,
  toggleOption,
  unfinishedText,
  type CraftEdit,
  type CraftNode,
} from "../../domain/crafts.ts";
import {
  editContrast,
  firstContrastRefusal,
  isContrastSite,
  type ContrastEdit,
  type ContrastPick,
  type ContrastSiteOption,
} from "../../domain/contrast.ts";
import {
  editCustomer,
  emptyBasic,
  firstBasicInfoRefusal,
  isBodyChange,
  type BasicInfo,
  type BasicInfoForm,
  type CustomerEdit,
} from "../../domain/customer.ts";
import {
  editMonogram,
  editsRow,
  emptyMonogramRow,
  firstMonogramRefusal,
  isMonogramRow,
  type MonogramEdit,
  type MonogramRow,
  type MonogramRowEdit,
} from "../../domain/monogram.ts";
import { editSize, emptySize, isOfferedEdit, type SizeState } from "../../domain/measurements/sizeState.ts";
import { firstSizeRefusal, type MeasurePart } from "../../domain/measurements/sizes.ts";
import { emptyStandard } from "../../domain/measurements/standardSizes.ts";
import { HEIGHT_UNIT, WEIGHT_UNIT, convertLength, convertWeight, lengthFromCm } from "../../domain/units.ts";
import { EMBROIDERY_SIZE_CATEGORIES, UPLOADED_FONT_ID } from "../../domain/ids.ts";
import { CUSTOMER, POSTURES, STANDARD_SIZES } from "../machines/quickOrder.fixtures.ts";

/** Every subset of a list. */
const subsets = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: 1 << items.length }, (_, mask) => items.filter((_, i) => mask & (1 << i)));
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
const sameIds = (a: Iterable<number>, b: Iterable<number>) => sorted(a).join() === sorted(b).join();

// ---------------------------------------------------------------------------------------------
// Crafts
// ---------------------------------------------------------------------------------------------

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

/**
 * A RADIO group whose default option is itself a RADIO group with a default (QO-114, QO-116), a
 * CHECKBOX group with a TEXT option (QO-115, QO-145), and a COPY group (single choice, QO-018).
 */
const TREE: CraftNode[] = [
  node(10, null, {
    children: [
      node(11, 10, { isDefault: 1, children: [node(111, 11, { isDefault: 1 }), node(112, 11)] }),
      node(12, 10, { isDefault: 1 }),
      node(13, 10),
    ],
  }),
  node(20, null, {
    chooseType: "CHECKBOX",
    children: [node(21, 20, { isDefault: 1 }), node(22, 20, { sourceType: "TEXT" })],
  }),
  node(30, null, { chooseType: "COPY", children: [node(31, 30), node(32, 30)] }),
];
/** The accessory garment (5000): the series 5023 and an accessory craft group (QO-119, QO-120, QO-151). */
const ACCESSORY_TREE: CraftNode[] = [
  node(5023, null, { children: [node(5024, 5023), node(5025, 5023)] }),
  node(5100, null, { children: [node(5101, 5100), node(5102, 5100)] }),
];

type Tree = { name: string; tree: CraftNode[]; category: number };
const TREES: Tree[] = [
  { name: "suit", tree: TREE, category: 3000 },
  { name: "accessory garment", tree: ACCESSORY_TREE, category: 5000 },
  { name: "accessory tree outside 5000", tree: ACCESSORY_TREE, category: 3000 },
];

function treeFacts({ tree }: Tree) {
  const index = indexTree(tree);
  const options = [...index.byId.values()].filter((n) => n.parentId !== null);
  const descendants = (n: CraftNode): number[] => n.children.flatMap((c) => [c.id, ...descendants(c)]);
  const single = (g: CraftNode | null | undefined) => g?.chooseType === "RADIO" || g?.chooseType === "COPY";
  const groupOf = (id: number) => index.parentOf.get(id) ?? null;
  const rootOf = (id: number): CraftNode => {
    let n = index.byId.get(id)!;
    while (index.parentOf.get(n.id)) n = index.parentOf.get(n.id)!;
    return n;
  };
  return { index, options, descendants, single, groupOf, rootOf };
}

describe("the crafts reducer over every selection of its trees", () => {
  for (const t of TREES) {
    const { index, options, descendants, single, groupOf, rootOf } = treeFacts(t);
    const selections = subsets(options.map((o) => o.id));
    const hasSeries = (sel: readonly number[]) => sel.some((id) => index.byId.get(id)!.parentId === 5023);
    const isAccessoryCraft = (id: number) => t.category === 5000 && rootOf(id).id !== 5023;

    it(`QO-112 QO-113 QO-115 QO-116 QO-117 QO-119 QO-120 QO-151 ${t.name}: toggling each option of each of the ${selections.length} selections`, () => {
      let checked = 0;
      for (const selected of selections) {
        for (const option of options) {
          const result = toggleOption(index, selected, option.id, t.category);
          checked += 1;
          const before = new Set(selected);
          if (before.has(option.id)) {
            // QO-113, QO-115, QO-117: deselecting removes the option and everything beneath it, nothing else
            expect("refusal" in result).toBe(false);
            if ("refusal" in result) continue;
            const gone = new Set([option.id, ...descendants(option)]);
            let expected = selected.filter((id) => !gone.has(id));
            // QO-120: removing the last series option clears every accessory craft and the embroidery
            const isSeries = option.parentId === 5023;
            if (isSeries && !hasSeries(expected)) expected = expected.filter((id) => !isAccessoryCraft(id));
            expect(sorted(result.selected)).toEqual(sorted(expected));
            expect(result.clearedEmbroidery).toBe(isSeries);
            continue;
          }
          // QO-151: an accessory craft of 5000 needs a series first; the selection stays
          if (isAccessoryCraft(option.id) && !hasSeries(selected)) {
            expect(result).toEqual({ refusal: { key: "craft.seriesFirst" } });
            continue;
          }
          if ("refusal" in result) expect(result).toBe("not refused");
          if ("refusal" in result) continue;
          const after = new Set(result.selected);
          if (after.size !== result.selected.length || !after.has(option.id) || result.clearedEmbroidery)
            expect({ selected, option: option.id, result }).toBe("");
          // QO-112: a single-choice group keeps one option: its siblings and their children go
          const group = groupOf(option.id);
          const siblingsGone = single(group)
            ? group!.children.filter((c) => c.id !== option.id).flatMap((c) => [c.id, ...descendants(c)])
            : [];
          // ... and everything else chosen stays chosen
          const lost = selected.filter((id) => !after.has(id));
          if (
            !sameIds(
              lost,
              siblingsGone.filter((id) => before.has(id)),
            )
          )
            expect({ selected, option: option.id, lost }).toBe("");
          // QO-116: its defaults come along, unless a single choice beneath it is already made
          const defaults = defaultSelection(option.children.length ? [option] : []).filter((id) => id !== option.id);
          const madeBeneath = single(option) && option.children.some((c) => before.has(c.id));
          const added = [...after].filter((id) => !before.has(id) && id !== option.id);
          if (!sameIds(added, madeBeneath ? [] : defaults.filter((id) => !before.has(id))))
            expect({ selected, option: option.id, added }).toBe("");
          // QO-150: a selection without two options of one single-choice group keeps none
          if (radioConflict(index, selected) === null) expect(radioConflict(index, result.selected)).toBeNull();
        }
      }
      expect(checked).toBe(selections.length * options.length);
    });

    it(`QO-017 QO-136 ${t.name}: an accessory selector's choice in each group, for each selection`, () => {
      const groups = t.tree;
      for (const selected of selections) {
        for (const group of groups) {
          // null removes the group's choice and what is beneath it, nothing else
          const cleared = chooseInGroup(index, selected, group.id, null, t.category);
          const inGroup = new Set(group.children.flatMap((c) => [c.id, ...descendants(c)]));
          expect(cleared).toEqual({ selected: selected.filter((id) => !inGroup.has(id)), clearedEmbroidery: false });
          for (const option of group.children) {
            const result = chooseInGroup(index, selected, group.id, option.id, t.category);
            // an option already chosen stays as it is; another is chosen under the craft rules
            expect(result).toEqual(
              selected.includes(option.id)
                ? { selected, clearedEmbroidery: false }
                : toggleOption(index, selected, option.id, t.category),
            );
          }
          // an option of another group is not chosen through this one
          const foreign = options.find((o) => !inGroup.has(o.id))!;
          expect(chooseInGroup(index, selected, group.id, foreign.id, t.category)).toEqual({
            selected,
            clearedEmbroidery: false,
          });
        }
      }
    });
  }

  it("QO-031 QO-136 QO-145 a value (TEXT), an accessory's value and a FILE attachment are kept per option; the picks stay", () => {
    const index = indexTree(TREE);
    const picks = { selected: [11, 111, 22], texts: { 22: "old" } };
    const edits: Array<[CraftEdit, Record<number, string>]> = [
      [{ type: "user.setText", id: 22, value: "J. Smith" }, { 22: "J. Smith" }],
      [{ type: "user.setText", id: 22, value: "" }, { 22: "" }],
      [
        { type: "user.setAccessoryValue", id: 31, value: "gold" },
        { 22: "old", 31: "gold" },
      ],
      [{ type: "user.attachFile", id: 22, file: "att-9" }, { 22: "att-9" }],
      [{ type: "user.attachFile", id: 22, file: null }, { 22: "" }],
    ];
    for (const [edit, texts] of edits)
      expect(editCrafts(index, picks, edit, 3000)).toEqual({
        crafts: { selected: picks.selected, texts },
        refusal: null,
        clearedEmbroidery: false,
      });
    // QO-145: the chosen TEXT option needs its value
    expect(unfinishedText(index, [22], { 22: " " })).toEqual({ key: "craft.notFinished", name: "Craft 22" });
    expect(unfinishedText(index, [22], { 22: "x" })).toBeNull();
    // A refused toggle keeps the picks and reports the refusal
    const accessories = indexTree(ACCESSORY_TREE);
    expect(editCrafts(accessories, { selected: [], texts: {} }, { type: "user.toggleOption", id: 5101 }, 5000)).toEqual(
      { crafts: { selected: [], texts: {} }, refusal: { key: "craft.seriesFirst" }, clearedEmbroidery: false },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Monogram rows
// ---------------------------------------------------------------------------------------------

const row = (site: number | null, extra: Partial<MonogramRow> = {}): MonogramRow => ({
  ...emptyMonogramRow(),
  site,
  siteName: site === null ? "" : `Site ${site}`,
  ...extra,
});
/** Every list of up to three rows whose sites are empty or 1..3, no site twice (as the reducer keeps them). */
const ROW_LISTS: MonogramRow[][] = [[] as MonogramRow[]]
  .concat(
    [1, 2, 3].flatMap((length) => {
      const lists: Array<Array<number | null>> = [[]];
      for (let i = 0; i < length; i++)
        lists.splice(0, lists.length, ...lists.flatMap((l) => [null, 1, 2, 3].map((site) => [...l, site])));
      return lists.map((sites) => sites.map((site) => row(site)));
    }),
  )
  .filter((rows) => {
    const sites = rows.map((r) => r.site).filter((s) => s !== null);
    return new Set(sites).size === sites.length;
  });

describe("the monogram reducer over every row list of up to three rows", () => {
  const edits = (): MonogramEdit[] => [
    { type: "user.addMonogram" },
    { type: "monogram.clear" },
    ...[-1, 0, 1, 2, 3].flatMap((index): MonogramEdit[] => [
      { type: "user.removeMonogram", index },
      ...[null, 1, 2, 3].map((site): MonogramEdit => ({
        type: "user.pickMonogramOption",
        index,
        kind: "site",
        option: site === null ? null : { id: site, name: `Site ${site}` },
      })),
      { type: "user.pickMonogramOption", index, kind: "color", option: { id: 2, name: "White" } },
      { type: "user.pickMonogramOption", index, kind: "size", option: null },
      { type: "user.setMonogramText", index, content: "JS" },
      { type: "user.attachMonogramFile", index, file: { id: "att-1", name: "logo.png" } },
      { type: "user.editMonogram", index, patch: { content: "JS", color: 2 } },
    ]),
  ];
  /** The oracle: the fields each row edit sets (QO-032: a pick sets the option's id and its name, QO-052). */
  const patchOf = (edit: Exclude<MonogramRowEdit, { type: "user.removeMonogram" }>): Partial<MonogramRow> => {
    switch (edit.type) {
      case "user.pickMonogramOption": {
        const field = { site: "site", color: "color", font: "font", size: "embSize" }[edit.kind];
        const name = { site: "siteName", color: "colorName", font: "fontName", size: "embSizeName" }[edit.kind];
        return { [field]: edit.option?.id ?? null, [name]: edit.option?.name ?? "" };
      }
      case "user.setMonogramText":
        return { content: edit.content };
      case "user.attachMonogramFile":
        return { file: edit.file?.id ?? null, fileName: edit.file?.name ?? "" };
      case "user.editMonogram":
        return edit.patch;
    }
  };

  it(`QO-032 QO-033 QO-053 QO-120 QO-152 each edit of each of the ${ROW_LISTS.length} lists`, () => {
    let checked = 0;
    for (const rows of ROW_LISTS) {
      for (const edit of edits()) {
        // the flows' guard: only an existing row is edited or removed
        if (editsRow(edit) && !isMonogramRow(rows, edit.index)) {
          expect(edit.index < 0 || edit.index >= rows.length).toBe(true);
          continue;
        }
        checked += 1;
        const result = editMonogram(rows, edit);
        switch (edit.type) {
          case "user.addMonogram":
            // QO-053: a new row, marked as added here
            expect(result).toEqual({ rows: [...rows, { ...emptyMonogramRow(), sourceType: "add" }], refusal: null });
            break;
          case "monogram.clear":
            // QO-120: removing the accessory series clears the embroidery
            expect(result).toEqual({ rows: [], refusal: null });
            break;
          case "user.removeMonogram":
            expect(result).toEqual({ rows: rows.filter((_, i) => i !== edit.index), refusal: null });
            break;
          default: {
            const patch = patchOf(edit);
            const taken = patch.site != null && rows.some((r, i) => i !== edit.index && r.site === patch.site);
            if (taken) {
              // QO-152: "position already exists", the pick cleared
              expect(result.refusal).toEqual({ key: "monogram.duplicateSite", site: patch.siteName });
              expect(result.rows).toEqual(
                rows.map((r, i) => (i === edit.index ? { ...r, site: null, siteName: "" } : r)),
              );
            } else {
              expect(result.refusal).toBeNull();
              expect(result.rows).toEqual(rows.map((r, i) => (i === edit.index ? { ...r, ...patch } : r)));
            }
          }
        }
        // QO-152: no edit ever leaves two rows on one site
        const sites = result.rows.map((r) => r.site).filter((s) => s !== null);
        expect(new Set(sites).size).toBe(sites.length);
      }
    }
    expect(checked).toBeGreaterThan(ROW_LISTS.length * 2);
  });

  it("QO-137 QO-138 QO-139 QO-140 QO-141 QO-142 D-12 every way a row can be incomplete: the first missing item, named with the row's site", () => {
    const items = ["site", "color", "font", "size", "content"] as const;
    for (const category of [1000, 3000]) {
      for (const uploaded of [false, true]) {
        for (const filled of subsets(items)) {
          const has = (item: (typeof items)[number]) => filled.includes(item);
          const r = row(has("site") ? 1 : null, {
            color: has("color") ? 2 : null,
            font: has("font") ? (uploaded ? UPLOADED_FONT_ID : 3) : null,
            embSize: has("size") ? 4 : null,
            content: has("content") && !uploaded ? "JS" : "",
            file: has("content") && uploaded ? "att-1" : null,
          });
          const sized = EMBROIDERY_SIZE_CATEGORIES.includes(category);
          const missing = items.find((item) => !has(item) && (item !== "size" || sized));
          // the uploaded font (1500) needs its file instead of a content
          const name = missing === "content" && uploaded && has("font") ? "file" : missing;
          expect(firstMonogramRefusal([row(2, { color: 1, font: 3, embSize: 4, content: "A" }), r], category)).toEqual(
            name ? { key: "monogram.missing", site: r.siteName, missing: name } : null,
          );
        }
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Contrast picks
// ---------------------------------------------------------------------------------------------

const SITES: ContrastSiteOption[] = [
  {
    id: 1,
    name: "Collar",
    positions: [
      { id: 11, name: "Under collar", price: "0.00" },
      { id: 12, name: "Collar band", price: "5.00" },
    ],
    fabrics: [
      { id: 7, code: "CF7", name: "Velvet", sourceType: "IMAGE", price: "8.00" },
      { id: 8, code: "OTHER", name: "Other", sourceType: "TEXT", price: "0.00" },
    ],
  },
  {
    id: 2,
    name: "Cuff",
    positions: [{ id: 21, name: "Inner cuff", price: "0.00" }],
    fabrics: [{ id: 9, code: "CF9", name: "Satin", sourceType: "IMAGE", price: "6.00" }],
  },
];
const blank = (site: ContrastSiteOption): ContrastPick => ({
  siteName: site.name,
  positions: [],
  fabricKind: null,
  chooseFabric: null,
  chooseFabricCode: "",
  text: "",
});

describe("the contrast reducer over every pick of the category's sites", () => {
  /** Every pick of the first site: positions, fabric (none, IMAGE, TEXT) and text. */
  const firstSitePicks: ContrastPick[] = subsets([11, 12]).flatMap((positions) =>
    [null, ...SITES[0]!.fabrics].flatMap((fabric) =>
      ["", "navy felt"].map((text) => ({
        siteName: "Collar",
        positions,
        fabricKind: fabric?.sourceType ?? null,
        chooseFabric: fabric?.id ?? null,
        chooseFabricCode: fabric?.code ?? "",
        text,
      })),
    ),
  );
  const states = firstSitePicks.map((p) => [p, blank(SITES[1]!)]);

  it(`QO-035 QO-036 QO-055 each intent on each of the ${states.length} states: only the named site changes, and never its name`, () => {
    for (const picks of states) {
      const edits: ContrastEdit[] = [-1, 0, 1, 2].flatMap((site): ContrastEdit[] => [
        ...[11, 12, 21].map((position): ContrastEdit => ({ type: "user.toggleContrastPosition", site, position })),
        ...[null, 7, 8, 9, 99].map((fabricId): ContrastEdit => ({ type: "user.pickContrastFabric", site, fabricId })),
        { type: "user.setContrastText", site, text: "red" },
        { type: "user.editContrast", index: site, patch: { positions: [12], text: "x" } },
      ]);
      for (const edit of edits) {
        const index = edit.type === "user.editContrast" ? edit.index : edit.site;
        expect(isContrastSite(picks, edit)).toBe(index === 0 || index === 1);
        if (!isContrastSite(picks, edit)) continue;
        const result = editContrast(picks, edit, SITES);
        const before = picks[index]!;
        const after = result[index]!;
        expect(result.filter((_, i) => i !== index)).toEqual(picks.filter((_, i) => i !== index));
        expect(after.siteName).toBe(before.siteName);
        switch (edit.type) {
          case "user.toggleContrastPosition":
            // QO-035: the position is chosen or unchosen, the others stay
            expect(sorted(after.positions)).toEqual(
              sorted(
                before.positions.includes(edit.position)
                  ? before.positions.filter((p) => p !== edit.position)
                  : [...before.positions, edit.position],
              ),
            );
            expect({ ...after, positions: before.positions }).toEqual(before);
            break;
          case "user.pickContrastFabric": {
            // QO-055: the fabric of the site with its code and kind; one the site does not offer is none
            const fabric = SITES[index]!.fabrics.find((f) => f.id === edit.fabricId);
            expect(after).toEqual({
              ...before,
              chooseFabric: fabric?.id ?? null,
              chooseFabricCode: fabric?.code ?? "",
              fabricKind: fabric?.sourceType ?? null,
            });
            break;
          }
          case "user.setContrastText":
            expect(after).toEqual({ ...before, text: edit.text });
            break;
          case "user.editContrast":
            expect(after).toEqual({ ...before, ...edit.patch, siteName: before.siteName });
        }
      }
    }
  });

  it("QO-143 QO-144 a site with positions needs its fabric, a TEXT fabric its value; the first such site is named", () => {
    for (const pick of firstSitePicks) {
      const expected =
        pick.positions.length === 0
          ? null
          : pick.chooseFabric === null
            ? { key: "contrast.fabricRequired", site: "Collar" }
            : pick.fabricKind === "TEXT" && pick.text === ""
              ? { key: "contrast.textRequired", site: "Collar" }
              : null;
      expect(firstContrastRefusal([pick, { ...blank(SITES[1]!), positions: [21] }])).toEqual(
        expected ?? { key: "contrast.fabricRequired", site: "Cuff" },
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Customer form
// ---------------------------------------------------------------------------------------------

describe("the customer reducer over every field and unit", () => {
  const TYPED = ["customerName", "shortName", "height", "weight", "cusOrderCode", "phone", "email", "address"] as const;
  const starts: BasicInfoForm[] = [
    emptyBasic(),
    { ...emptyBasic(), customerName: "A", height: "180", weight: "80", genderId: 10040 },
    { ...emptyBasic(), height: "abc", weight: " ", heightUnit: HEIGHT_UNIT.inch, weightUnit: WEIGHT_UNIT.lb },
  ];

  it("QO-011..015 QO-019 QO-020 QO-103 QO-104 QO-097 each edit changes its field only, converts on a unit switch, and is a body change exactly when the body data changes", () => {
    for (const basic of starts) {
      const edits: CustomerEdit[] = [
        ...TYPED.map((field): CustomerEdit => ({ type: "user.edit", field, value: "12" })),
        { type: "user.pickCustomer", customer: CUSTOMER },
        ...[HEIGHT_UNIT.cm, HEIGHT_UNIT.inch].map((unit): CustomerEdit => ({ type: "user.setHeightUnit", unit })),
        ...[WEIGHT_UNIT.kg, WEIGHT_UNIT.lb].map((unit): CustomerEdit => ({ type: "user.setWeightUnit", unit })),
        { type: "user.setGender", genderId: 10041 },
        ...[2.7, 1, 0, -3, Number.NaN, Number.POSITIVE_INFINITY].map((amount): CustomerEdit => ({
          type: "user.setAmount",
          amount,
        })),
        ...(["month", "date", "year"] as const).map((part): CustomerEdit => ({
          type: "user.setBirthday",
          part,
          value: "4",
        })),
      ];
      for (const edit of edits) {
        const after = editCustomer(basic, edit);
        const changed = (Object.keys(after) as Array<keyof BasicInfoForm>).filter(
          (k) => JSON.stringify(after[k]) !== JSON.stringify(basic[k]),
        );
        const num = (v: string) => (v.trim() === "" || Number.isNaN(Number(v)) ? null : Number(v));
        switch (edit.type) {
          case "user.edit":
            expect(after).toEqual({ ...basic, [edit.field]: "12" });
            break;
          case "user.pickCustomer":
            // QO-011..014: the book's customer fills name, nickname, height, weight, their units and gender
            expect(after).toEqual({
              ...basic,
              customerId: 77,
              customerName: "John Smith",
              shortName: "JS",
              genderId: 10040,
              height: "180",
              heightUnit: 10266,
              weight: "80",
              weightUnit: 10261,
            });
            break;
          case "user.setHeightUnit": {
            // QO-103: the typed height converts; an empty or non-numeric one stays as typed
            const n = num(basic.height);
            expect(after).toEqual({
              ...basic,
              heightUnit: edit.unit,
              height: n === null ? basic.height : String(convertLength(n, basic.heightUnit, edit.unit)),
            });
            break;
          }
          case "user.setWeightUnit": {
            // QO-104, D-11
            const n = num(basic.weight);
            expect(after).toEqual({
              ...basic,
              weightUnit: edit.unit,
              weight: n === null ? basic.weight : String(convertWeight(n, basic.weightUnit, edit.unit)),
            });
            break;
          }
          case "user.setGender":
            expect(after).toEqual({ ...basic, genderId: 10041 });
            break;
          case "user.setAmount":
            // QO-015: whole pieces, at least one; not a number keeps the quantity
            expect(after).toEqual({
              ...basic,
              amount: Number.isFinite(edit.amount) ? Math.max(1, Math.floor(edit.amount)) : basic.amount,
            });
            break;
          case "user.setBirthday":
            // QO-020
            expect(after).toEqual({ ...basic, birthday: { ...basic.birthday, [edit.part]: "4" } });
        }
        // QO-097: only the body data needs the pre-calculation again
        const body = ["customerId", "height", "heightUnit", "weight", "weightUnit", "genderId"];
        expect(isBodyChange(basic, after)).toBe(changed.some((k) => body.includes(k)));
      }
    }
  });

  it("QO-130 QO-131 QO-132 QO-133 QO-134 D-06 for all 128 ways to leave the fields empty, the first in the documents' order is refused", () => {
    const FIELDS = [
      ["customerName", "customer.nameRequired"],
      ["shortName", "customer.nicknameRequired"],
      ["height", "customer.heightRequired"],
      ["weight", "customer.weightRequired"],
      ["weightUnit", "customer.weightUnitRequired"],
      ["genderId", "customer.genderRequired"],
      ["fabric", "order.fabricRequired"],
    ] as const;
    const all = subsets(FIELDS);
    for (const filled of all) {
      const has = (f: string) => filled.some(([name]) => name === f);
      const info: BasicInfo = {
        heightUnit: HEIGHT_UNIT.cm,
        customerName: has("customerName") ? "John" : " ",
        shortName: has("shortName") ? "JS" : "",
        height: has("height") ? "180" : "",
        weight: has("weight") ? "80" : "  ",
        weightUnit: has("weightUnit") ? WEIGHT_UNIT.kg : null,
        genderId: has("genderId") ? 10040 : null,
        fabric: has("fabric") ? "VB1000" : "",
      };
      const first = FIELDS.find(([name]) => !has(name));
      expect(firstBasicInfoRefusal(info)).toEqual(first ? { key: first[1] } : null);
    }
    expect(all).toHaveLength(128);
  });
});

// ---------------------------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------------------------

describe("the measurements reducer over every edit of a loaded size state", () => {
  const parts: MeasurePart[] = [
    { id: 601, name: "Jacket length", minValue: 60, maxValue: 90, defaultValue: 75, isMust: 1 },
    { id: 602, name: "Finished chest", minValue: 80, maxValue: 170, defaultValue: 125, isMust: 0 },
  ];
  const starts: SizeState[] = [false, true].flatMap((presized) =>
    [[], [802, 811]].map((bodyTypes) => ({
      ...emptySize(10054),
      parts,
      postures: POSTURES,
      bodyTypes,
      presized,
      editOnce: presized,
      values: { 601: "70", 9001: "99" },
      standard: { ...emptyStandard(), areaId: 10441, shape: 10432, sizes: STANDARD_SIZES },
      pieces: [{ categoryId: 4000, name: "Extra trousers", parts: [{ ...parts[0]!, id: 9001 }] }],
    })),
  );

  it("QO-096 QO-097 QO-100 QO-087 each value, posture detail and standard size on each state", () => {
    for (const size of starts) {
      for (const unit of [HEIGHT_UNIT.cm, HEIGHT_UNIT.inch]) {
        for (const [partId, value] of [
          [601, "75"],
          [602, "abc"],
          [9001, ""],
        ] as const) {
          // QO-097: a changed value needs the pre-calculation again; nothing else changes
          expect(editSize(size, unit, { type: "user.setMeasure", partId, value })).toEqual({
            ...size,
            values: { ...size.values, [partId]: value },
            presized: false,
          });
        }
        for (const spec of POSTURES) {
          for (const detail of spec.details) {
            const edit = { type: "user.pickPosture", detailId: detail.id } as const;
            expect(isOfferedEdit(size, edit)).toBe(true);
            // QO-096: one detail per spec, replacing that spec's; the other specs' stay
            const after = editSize(size, unit, edit);
            const others = size.bodyTypes.filter((id) => !spec.details.some((d) => d.id === id));
            expect(sorted(after.bodyTypes)).toEqual(sorted([...others, detail.id]));
            expect({ ...after, bodyTypes: size.bodyTypes }).toEqual(size);
          }
        }
        expect(isOfferedEdit(size, { type: "user.pickPosture", detailId: 999 })).toBe(false);
        for (const standard of STANDARD_SIZES) {
          // QO-100: the size's finished values in the screen's unit, the add-products' values kept; QO-087 ends
          const after = editSize(size, unit, { type: "user.pickStandardSize", sizeId: standard.id });
          const inUnit = (cm: number) => String(lengthFromCm(cm, unit));
          expect(after).toEqual({
            ...size,
            standard: { ...size.standard, sizeId: standard.id },
            values: { 9001: "99", ...Object.fromEntries(standard.details.map((d) => [d.partId, inUnit(d.value)])) },
            presized: false,
            editOnce: false,
          });
        }
        expect(isOfferedEdit(size, { type: "user.pickStandardSize", sizeId: 999 })).toBe(false);
      }
    }
  });

  it("QO-147 QO-148 QO-157 QO-158 QO-121 each value of each part, required or not, enabled or disabled: the first fault in part order", () => {
    const VALUES = ["", " ", "abc", "59.9", "60", "75", "90", "90.1"];
    for (const isMust of [0, 1] as const) {
      for (const value of VALUES) {
        for (const disabled of [false, true]) {
          const part: MeasurePart = { ...parts[0]!, isMust };
          const refusal = firstSizeRefusal(
            [part, parts[1]!],
            { 601: value, 602: "500" },
            new Set(disabled ? [601] : []),
          );
          const n = Number(value);
          const fault = disabled
            ? null
            : value.trim() === ""
              ? isMust
                ? "size.required"
                : null
              : !/^\d+(\.\d+)?$/.test(value) || n < 60 || n > 90
                ? "size.outOfRange"
                : null;
          // the second part (out of range) is named when the first passes
          expect(refusal?.key).toBe(fault ?? "size.outOfRange");
          expect(refusal?.name).toBe(fault ? "Jacket length" : "Finished chest");
        }
      }
    }
  });
});
