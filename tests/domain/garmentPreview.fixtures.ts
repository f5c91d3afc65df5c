import { craftRows, type CraftRow } from "../../server/db/catalogue/crafts.ts";
import { GARMENT_ORDER } from "../../server/db/catalogue/ids.ts";
import { defaultSelection, indexTree, toggleOption, type CraftNode } from "../../domain/crafts.ts";
import { UNDRAWN_CRAFTS } from "../../domain/garmentPreview.ts";

/**
 * The seeded craft trees as the order entry receives them (CraftNode), and the crafts a garment
 * preview must draw: every seeded option not listed (itself or its group) in UNDRAWN_CRAFTS.
 */
const rows = craftRows().crafts;

function treeOf(categoryId: number): CraftNode[] {
  const ofCategory = rows.filter((r) => r.categoryId === categoryId);
  const node = (r: CraftRow): CraftNode => ({
    id: r.id!,
    code: r.code,
    name: r.enName,
    isDefault: r.isDefault === 1 ? 1 : 0,
    sourceType: r.sourceType as CraftNode["sourceType"],
    chooseType: r.chooseType as CraftNode["chooseType"],
    parentId: r.parentId ?? null,
    children: ofCategory.filter((c) => c.parentId === r.id).map(node),
  });
  return ofCategory.filter((r) => r.parentId === null).map(node);
}

export interface SeededCraft {
  category: number;
  group: string;
  code: string;
  id: number;
}

export const SEEDED_TREES: ReadonlyMap<number, CraftNode[]> = new Map(GARMENT_ORDER.map((c) => [c, treeOf(c)]));

/** Every seeded option the preview draws, by category. */
export function drawnSeededCrafts(): SeededCraft[] {
  const out: SeededCraft[] = [];
  for (const [category, tree] of SEEDED_TREES) {
    for (const group of tree) {
      if (UNDRAWN_CRAFTS.has(group.code)) continue;
      const walk = (nodes: readonly CraftNode[]) => {
        for (const n of nodes) {
          if (UNDRAWN_CRAFTS.has(n.code)) continue;
          out.push({ category, group: group.code, code: n.code, id: n.id });
          walk(n.children);
        }
      };
      walk(group.children);
    }
  }
  return out;
}

/** Every seeded option's code (groups excluded). */
export const seededOptionCodes = (): Set<string> => new Set(rows.filter((r) => r.parentId !== null).map((r) => r.code));

const codesOf = (tree: readonly CraftNode[], ids: readonly number[]) => {
  const index = indexTree(tree);
  return ids.map((id) => index.byId.get(id)!.code);
};

/** The codes a new order of the category starts with (the seeded defaults). */
export const defaultCodes = (category: number): string[] => {
  const tree = SEEDED_TREES.get(category)!;
  return codesOf(tree, defaultSelection(tree));
};

/**
 * The codes after the user picks `id` from the defaults, as the order entry does (`toggleOption`):
 * its parent options first (a lapel width after its lapel), and an accessory's craft after its series (QO-151).
 */
export function codesPicking(category: number, id: number): string[] {
  const tree = SEEDED_TREES.get(category)!;
  const index = indexTree(tree);
  const path: number[] = [];
  for (let n = index.byId.get(id); n && index.parentOf.get(n.id); n = index.parentOf.get(n.id)!) path.unshift(n.id);
  let selected = defaultSelection(tree);
  const pick = (optionId: number) => {
    if (selected.includes(optionId)) return;
    let result = toggleOption(index, selected, optionId, category);
    if ("refusal" in result) {
      const series = tree.find((g) => g.code === "SERIES")!.children[0]!;
      const withSeries = toggleOption(index, selected, series.id, category);
      if ("refusal" in withSeries) throw new Error("series refused");
      result = toggleOption(index, withSeries.selected, optionId, category);
      if ("refusal" in result) throw new Error(`${optionId} refused`);
    }
    selected = result.selected;
  };
  path.forEach(pick);
  return codesOf(tree, selected);
}

/**
 * The selections to compare a craft's with: without it (a CHECKBOX craft), or each of its siblings
 * picked instead (a single choice), so a craft drawn like any of its alternatives is caught.
 */
export function alternativesOf(category: number, craft: SeededCraft): string[][] {
  const tree = SEEDED_TREES.get(category)!;
  const index = indexTree(tree);
  const parent = index.parentOf.get(craft.id)!;
  if (parent.chooseType === "CHECKBOX") return [codesPicking(category, craft.id).filter((c) => c !== craft.code)];
  return parent.children.filter((c) => c.id !== craft.id).map((sibling) => codesPicking(category, sibling.id));
}
