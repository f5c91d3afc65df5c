import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categories, crafts } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { Locale } from "../i18n.ts";
import type { components } from "../../openapi/portal.d.ts";

type CraftRow = typeof crafts.$inferSelect;
type SourceType = components["schemas"]["SourceType"];
type ChooseType = components["schemas"]["ChooseType"];

/** A craft as the contract describes it (generated from openapi/portal.yaml). */
export type CraftNode = components["schemas"]["CraftNode"];

/** Throws the "category does not exist" refusal unless the garment category exists. */
export async function requireCategory(db: Db, categoryId: number): Promise<void> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw notFound("catalogue.categoryNotFound", { id: categoryId });
}

/** Every craft of a category in tree order (parents before children). */
export async function loadCrafts(db: Db, categoryId: number): Promise<CraftRow[]> {
  const rows = await db.select().from(crafts).where(eq(crafts.categoryId, categoryId)).orderBy(asc(crafts.pos));
  if (rows.length === 0) await requireCategory(db, categoryId);
  return rows;
}

/** Comma list of ids → distinct ids in the given order ("" → none). */
export const parseIds = (list: string | undefined): number[] => [
  ...new Set((list ?? "").split(",").filter(Boolean).map(Number)),
];

/**
 * Builds the nodes of a category: the tree (roots with children) and every node by id, with the
 * localised names, parent names, paths and prices for the account.
 */
export function buildNodes(rows: readonly CraftRow[], locale: Locale, price: (cents: number) => string) {
  const nameOf = (row: CraftRow) => (locale === "zh" ? row.zhName : row.enName);
  const byId = new Map<number, CraftNode>();
  const roots: CraftNode[] = [];
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    const node: CraftNode = {
      id: row.id,
      code: row.code,
      name: nameOf(row),
      value: row.value,
      price: price(row.priceCents),
      isDefault: row.isDefault === 1 ? 1 : 0,
      select: 0,
      sourceType: row.sourceType as SourceType,
      chooseType: row.chooseType as ChooseType,
      children: [],
      parentId: row.parentId,
      parentName: parent?.name ?? "",
      childIds: [],
      craftPath: parent ? `${parent.craftPath} / ${nameOf(row)}` : nameOf(row),
      imagePath: row.imagePath,
      extension: row.extension,
      remark: locale === "zh" ? row.remarkZh : row.remark,
      category: row.kind as CraftNode["category"],
      clothCategory: row.categoryId,
      level: parent ? parent.level + 1 : 1,
    };
    byId.set(row.id, node);
    if (parent) {
      parent.children.push(node);
      parent.childIds.push(node.id);
    } else {
      roots.push(node);
    }
  }
  return { roots, byId };
}

/** A node without its children, as the flat lists (searchCraft) carry it. */
export const flat = (node: CraftNode): CraftNode => ({ ...node, children: [] });

/** The crafts of the given ids, checked to belong to their category, with their prices in cents. */
export async function craftPrices(db: Db, requests: ReadonlyArray<{ category: number; ids: number[] }>) {
  const allIds = [...new Set(requests.flatMap((r) => r.ids))];
  const rows =
    allIds.length === 0
      ? []
      : await db
          .select({ id: crafts.id, categoryId: crafts.categoryId, priceCents: crafts.priceCents })
          .from(crafts)
          .where(inArray(crafts.id, allIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const result: Array<{ id: number; category: number; priceCents: number }> = [];
  for (const request of requests) {
    if (request.ids.length === 0) continue;
    for (const id of request.ids) {
      const row = byId.get(id);
      if (!row || row.categoryId !== request.category) {
        await requireCategory(db, request.category);
        throw notFound("catalogue.craftNotFound", { id, category: request.category });
      }
      result.push({ id, category: request.category, priceCents: row.priceCents });
    }
  }
  return result;
}
