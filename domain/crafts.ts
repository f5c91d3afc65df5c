import { moneyOf, type MoneyValue } from "./money.ts";
import { ACCESSORY_CATEGORY, ACCESSORY_SERIES_ID, LOGO_CRAFT_ID, MEASURE_METHOD } from "./ids.ts";

/**
 * The craft rules of order entry (000 §4, §5), as pure functions over the craft tree the server
 * sends (`GET pc/dict/zzCraft`). The crafts machine calls them from its guards and actions; the
 * simple, quick and professional orders share them.
 */

export type SourceType = "TEXT" | "LABEL" | "IMAGE" | "FONT" | "STYLE" | "FILE";
export type ChooseType = "RADIO" | "CHECKBOX" | "COPY";

/** QO-048: a node of the craft tree; a group's chooseType governs how its children are chosen. */
export interface CraftNode {
  id: number;
  code: string;
  name: string;
  price?: string;
  /** The account's currency of `price`. */
  moneyType?: string;
  isDefault: 0 | 1;
  sourceType: SourceType;
  chooseType: ChooseType;
  parentId: number | null;
  extension?: string | null;
  imagePath?: string;
  /** A note shown with the craft (the logo craft's tooltip, a hint for a value). */
  remark?: string;
  category?: number;
  children: CraftNode[];
}

export { ACCESSORY_CATEGORY, ACCESSORY_SERIES_ID, LOGO_CRAFT_ID };

export type CraftRefusal =
  | { key: "craft.seriesFirst" } // QO-151
  | { key: "craft.multipleRadio"; group: string } // QO-150
  | { key: "craft.notFinished"; name: string } // QO-145
  | { key: "craft.fileMissing"; name: string }; // API-009: a FILE craft needs its uploaded picture

export interface CraftIndex {
  byId: Map<number, CraftNode>;
  parentOf: Map<number, CraftNode | null>;
}

export function indexTree(tree: readonly CraftNode[]): CraftIndex {
  const byId = new Map<number, CraftNode>();
  const parentOf = new Map<number, CraftNode | null>();
  const walk = (nodes: readonly CraftNode[], parent: CraftNode | null) => {
    for (const node of nodes) {
      byId.set(node.id, node);
      parentOf.set(node.id, parent);
      walk(node.children, node);
    }
  };
  walk(tree, null);
  return { byId, parentOf };
}

/** A craft as a flat row (the server's table): what indexing the tree needs. */
export type CraftRowLike = Pick<CraftNode, "id" | "name" | "sourceType" | "chooseType" | "parentId" | "extension">;

/** The index of flat rows in tree order (parents before children), as the server reads them. */
export function indexRows(rows: readonly CraftRowLike[]): CraftIndex {
  const nodes = new Map<number, CraftNode>(
    rows.map((row) => [row.id, { ...row, code: "", isDefault: 0, children: [] } satisfies CraftNode]),
  );
  const roots: CraftNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return indexTree(roots);
}

const descendantsOf = (node: CraftNode): number[] => node.children.flatMap((c) => [c.id, ...descendantsOf(c)]);
const isSingleChoice = (group: CraftNode | null | undefined) =>
  group?.chooseType === "RADIO" || group?.chooseType === "COPY";

/**
 * Default picks inside a group: a RADIO group keeps only its first default (QO-114); a chosen
 * default brings its own default children (QO-116).
 */
function defaultsUnder(group: CraftNode): number[] {
  const defaults = group.children.filter((c) => c.isDefault === 1);
  const kept = isSingleChoice(group) ? defaults.slice(0, 1) : defaults;
  return kept.flatMap((c) => [c.id, ...defaultsUnder(c)]);
}

/** The selection a new order starts with: every group's defaults. */
export function defaultSelection(tree: readonly CraftNode[]): number[] {
  return tree.flatMap((group) => defaultsUnder(group));
}

/**
 * QO-112..117, QO-119, QO-120, QO-151: the selection after the user picks `optionId`.
 * Returns the new selection, or a refusal, and whether the accessory embroidery was cleared.
 */
export function toggleOption(
  index: CraftIndex,
  selected: readonly number[],
  optionId: number,
  garmentCategory: number,
): { selected: number[]; clearedEmbroidery: boolean } | { refusal: CraftRefusal } {
  const option = index.byId.get(optionId);
  if (!option) return { selected: [...selected], clearedEmbroidery: false };
  const group = index.parentOf.get(optionId) ?? null;
  const chosen = new Set(selected);
  const isSeries = option.parentId === ACCESSORY_SERIES_ID;

  if (chosen.has(optionId)) {
    // Deselecting removes the option and everything chosen beneath it (QO-113, QO-115, QO-117).
    for (const id of [optionId, ...descendantsOf(option)]) chosen.delete(id);
    // Removing the accessory series clears every accessory craft and the embroidery (QO-120).
    if (isSeries) {
      if (!hasSeries(index, chosen))
        for (const id of [...chosen]) if (isAccessoryCraft(index, id, garmentCategory)) chosen.delete(id);
      return { selected: [...chosen], clearedEmbroidery: true };
    }
    return { selected: [...chosen], clearedEmbroidery: false };
  }

  // An accessory craft needs its series first (QO-151).
  if (isAccessoryCraft(index, optionId, garmentCategory) && !hasSeries(index, chosen))
    return { refusal: { key: "craft.seriesFirst" } };

  // A single-choice group keeps one option: the others and their children go (QO-112).
  if (isSingleChoice(group)) {
    for (const sibling of group!.children) {
      if (sibling.id === optionId) continue;
      for (const id of [sibling.id, ...descendantsOf(sibling)]) chosen.delete(id);
    }
  }
  chosen.add(optionId);
  // QO-116: its default children come along, unless a single choice beneath it is already made.
  const alreadyChosen = isSingleChoice(option) && option.children.some((c) => chosen.has(c.id));
  if (!alreadyChosen) for (const id of defaultsUnder(option)) chosen.add(id);
  return { selected: [...chosen], clearedEmbroidery: false };
}

function rootOf(index: CraftIndex, id: number): CraftNode | undefined {
  let node = index.byId.get(id);
  while (node && index.parentOf.get(node.id)) node = index.parentOf.get(node.id)!;
  return node;
}

/** A craft of the accessory garment category (5000) outside the series group 5023. */
function isAccessoryCraft(index: CraftIndex, id: number, garmentCategory: number): boolean {
  if (garmentCategory !== ACCESSORY_CATEGORY) return false;
  const root = rootOf(index, id);
  return root !== undefined && root.id !== ACCESSORY_SERIES_ID;
}

/** QO-119: a chosen craft whose parent is 5023 enables the accessory's embroidery. */
export function hasSeries(index: CraftIndex, selected: Iterable<number>): boolean {
  for (const id of selected) if (index.byId.get(id)?.parentId === ACCESSORY_SERIES_ID) return true;
  return false;
}

/** QO-151: an accessory craft is chosen without a series (a child of 5023) to carry it. */
export function lacksSeries(index: CraftIndex, selected: readonly number[], garmentCategory: number): boolean {
  return !hasSeries(index, selected) && selected.some((id) => isAccessoryCraft(index, id, garmentCategory));
}

/** QO-119: the accessory's embroidery is enabled by its series; other garments always offer it. */
export const embroideryEnabled = (index: CraftIndex, selected: readonly number[], garmentCategory: number) =>
  garmentCategory !== ACCESSORY_CATEGORY || hasSeries(index, selected);

/** QO-150: only one single-choice option per group. */
export function radioConflict(index: CraftIndex, selected: readonly number[]): CraftRefusal | null {
  const perGroup = new Map<number, number>();
  for (const id of selected) {
    const group = index.parentOf.get(id);
    if (!group || !isSingleChoice(group)) continue;
    const count = (perGroup.get(group.id) ?? 0) + 1;
    if (count > 1) return { key: "craft.multipleRadio", group: group.name };
    perGroup.set(group.id, count);
  }
  return null;
}

/** A chosen option that takes a value has none: a TEXT option its typed text, a FILE option its uploaded picture. */
const isValueMissing = (node: CraftNode, value: string | undefined) =>
  (node.sourceType === "TEXT" && !(value ?? "").trim()) || (node.sourceType === "FILE" && !value);

/** QO-145: the first chosen TEXT craft without a value (or FILE craft without its picture). */
export function unfinishedText(
  index: CraftIndex,
  selected: readonly number[],
  texts: Readonly<Record<number, string>>,
): CraftRefusal | null {
  for (const id of selected) {
    const node = index.byId.get(id);
    if (!node || !isValueMissing(node, texts[id])) continue;
    // A FILE craft's value is its uploaded attachment
    return node.sourceType === "FILE"
      ? { key: "craft.fileMissing", name: node.name }
      : { key: "craft.notFinished", name: node.name };
  }
  return null;
}

/**
 * QO-121: a craft's extension disables measurement parts: `code&id,id|code&id` splits by `|` into
 * the two measurement modes (body 10052 first, finished garment 10053 second), each by `&` into a
 * code and the ids of the parts it disables.
 */
export function parseExtension(extension: string | null | undefined): Array<{ code: string; partIds: number[] }> {
  if (!extension) return [];
  return extension.split("|").map((mode) => {
    const [code = "", ids = ""] = mode.split("&");
    return {
      code: code.trim(),
      partIds: ids
        .split(",")
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isInteger(n) && n > 0),
    };
  });
}

export const MEASURE_MODES = [MEASURE_METHOD.body, MEASURE_METHOD.finished] as const;

/** The measurement parts the chosen crafts disable for one measurement mode. */
export function disabledParts(index: CraftIndex, selected: readonly number[], measureType: number): Set<number> {
  const position = MEASURE_MODES.indexOf(measureType as (typeof MEASURE_MODES)[number]);
  const parts = new Set<number>();
  if (position < 0) return parts;
  for (const id of selected) {
    const mode = parseExtension(index.byId.get(id)?.extension)[position];
    mode?.partIds.forEach((p) => parts.add(p));
  }
  return parts;
}

/** Craft kinds (node `category`): 1 craft, 2 embroidery, 3 accessories, 4 contrast (000 §3). */
export const ACCESSORY_KIND = 3;

/**
 * QO-017: accessory groups (kind 3 at the top of the tree) are chosen with the fabric in step 1;
 * for the accessory garment itself (5000) they are its crafts and stay in the crafts step.
 */
export const isAccessoryGroup = (node: CraftNode, garmentCategory: number) =>
  node.parentId === null && node.category === ACCESSORY_KIND && garmentCategory !== ACCESSORY_CATEGORY;
export const accessoryGroups = (tree: readonly CraftNode[], garmentCategory: number) =>
  tree.filter((g) => isAccessoryGroup(g, garmentCategory));
/** The groups of the crafts step: everything but the step-1 accessories. */
export const craftGroups = (tree: readonly CraftNode[], garmentCategory: number) =>
  tree.filter((g) => !isAccessoryGroup(g, garmentCategory));

/**
 * A choice in one group from a list (the accessory selectors): `optionId` null removes the group's
 * choice; otherwise the option is chosen under the craft rules unless it already is.
 */
export function chooseInGroup(
  index: CraftIndex,
  selected: readonly number[],
  groupId: number,
  optionId: number | null,
  garmentCategory: number,
): { selected: number[]; clearedEmbroidery: boolean } | { refusal: CraftRefusal } {
  const group = index.byId.get(groupId);
  if (!group) return { selected: [...selected], clearedEmbroidery: false };
  if (optionId === null) {
    const chosen = new Set(selected);
    for (const option of group.children) for (const id of [option.id, ...descendantsOf(option)]) chosen.delete(id);
    return { selected: [...chosen], clearedEmbroidery: false };
  }
  if (selected.includes(optionId) || !group.children.some((c) => c.id === optionId))
    return { selected: [...selected], clearedEmbroidery: false };
  return toggleOption(index, selected, optionId, garmentCategory);
}

export type AccessoryRefusal = { key: "accessory.incomplete"; name: string };

/** QO-136: a chosen accessory option that takes a value (TEXT) or a picture (FILE) and has none. */
export function incompleteAccessory(
  index: CraftIndex,
  garmentCategory: number,
  selected: readonly number[],
  texts: Readonly<Record<number, string>>,
): AccessoryRefusal | null {
  for (const id of selected) {
    const node = index.byId.get(id);
    const group = node?.parentId == null ? undefined : index.byId.get(node.parentId);
    if (!node || !group || !isAccessoryGroup(group, garmentCategory)) continue;
    // QO-136: "<accessory> incomplete"
    if (isValueMissing(node, texts[id])) return { key: "accessory.incomplete", name: group.name };
  }
  return null;
}

/**
 * QO-018: a COPY accessory's choice as it travels to the other garment categories: the group's code
 * and the chosen option's code (ids differ per category, codes do not).
 */
export function syncedChoice(
  index: CraftIndex,
  selected: readonly number[],
  groupId: number,
): { group: string; option: string } | null {
  const group = index.byId.get(groupId);
  const option = group?.children.find((c) => selected.includes(c.id));
  return group && option && group.chooseType === "COPY" ? { group: group.code, option: option.code } : null;
}

/** Applies synced COPY choices (group code → option code) to a selection of another category. */
export function applySyncedChoices(
  tree: readonly CraftNode[],
  selected: readonly number[],
  synced: Readonly<Record<string, string>>,
  garmentCategory: number,
): number[] {
  const index = indexTree(tree);
  let current = [...selected];
  for (const group of tree) {
    const code = synced[group.code];
    const option =
      code === undefined || group.chooseType !== "COPY" ? undefined : group.children.find((c) => c.code === code);
    if (!option) continue;
    const result = chooseInGroup(index, current, group.id, option.id, garmentCategory);
    if (!("refusal" in result)) current = result.selected;
  }
  return current;
}

/** The crafts chosen for one garment piece: option ids and the values of TEXT options (a FILE option's attachment id). */
export interface CraftPicks {
  selected: number[];
  texts: Record<number, string>;
}

/** The crafts' edits (QO-112..121, QO-136, QO-150, QO-151), as the flows receive them. */
export type CraftEdit =
  | { type: "user.toggleOption"; id: number }
  | { type: "user.setText"; id: number; value: string }
  /** A FILE craft's uploaded attachment (its id), or null to remove it; kept beside the TEXT values. */
  | { type: "user.attachFile"; id: number; file: string | null }
  /** QO-017: an accessory selector of step 1 (null removes the choice). */
  | { type: "user.pickAccessory"; groupId: number; optionId: number | null }
  /** QO-136: the value (TEXT) or uploaded picture id (FILE) of a chosen accessory option. */
  | { type: "user.setAccessoryValue"; id: number; value: string };

export interface CraftsEdited {
  crafts: CraftPicks;
  refusal: CraftRefusal | null;
  /** QO-120: the edit removed the accessory series, which clears the embroidery. */
  clearedEmbroidery: boolean;
}

/** The crafts' reducer: what an edit makes of the picks under the craft rules. */
export function editCrafts(
  index: CraftIndex,
  crafts: CraftPicks,
  edit: CraftEdit,
  garmentCategory: number,
): CraftsEdited {
  const withText = (id: number, value: string): CraftsEdited => ({
    crafts: { ...crafts, texts: { ...crafts.texts, [id]: value } },
    refusal: null,
    clearedEmbroidery: false,
  });
  const chosen = (
    result: { selected: number[]; clearedEmbroidery: boolean } | { refusal: CraftRefusal },
  ): CraftsEdited =>
    "refusal" in result
      ? { crafts, refusal: result.refusal, clearedEmbroidery: false }
      : {
          crafts: { ...crafts, selected: result.selected },
          refusal: null,
          clearedEmbroidery: result.clearedEmbroidery,
        };
  switch (edit.type) {
    case "user.toggleOption":
      return chosen(toggleOption(index, crafts.selected, edit.id, garmentCategory));
    case "user.pickAccessory":
      return chosen(chooseInGroup(index, crafts.selected, edit.groupId, edit.optionId, garmentCategory));
    case "user.setText":
    case "user.setAccessoryValue":
      return withText(edit.id, edit.value);
    case "user.attachFile":
      return withText(edit.id, edit.file ?? "");
  }
}

/** QO-037: the logo craft asks for the logo to be sent to the account manager (its tile says so). */
export const asksForLogo = (craftId: number) => craftId === LOGO_CRAFT_ID;

/** QO-038: a chosen option with a surcharge shows its price as a tip. */
export const hasSurcharge = (node: Pick<CraftNode, "price">) => !!node.price && node.price !== "0.00";
/** A surcharge as money (cents and the account's currency) for the view to format ("+USD 15.00"), or null when it is none. */
export const surchargeOf = (node: Pick<CraftNode, "price" | "moneyType">): MoneyValue | null =>
  hasSurcharge(node) ? moneyOf(node.price ?? "", node.moneyType ?? "") : null;
