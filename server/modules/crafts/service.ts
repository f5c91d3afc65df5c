import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import { craftSvg } from "../shared/pictures.ts";
import type { Locale } from "../../i18n.ts";
import type { components } from "../../../openapi/portal.d.ts";
import { requireCategory } from "../catalogue/service.ts";
import type { AccountPricing } from "../pricing/service.ts";
import { craftsRepository, type CraftRow } from "./repository.ts";

type SourceType = components["schemas"]["SourceType"];
type ChooseType = components["schemas"]["ChooseType"];

/** A craft as the contract describes it (generated from openapi/portal.yaml). */
export type CraftNode = components["schemas"]["CraftNode"];

/** Every craft of a category in tree order (parents before children). */
export async function loadCrafts(db: Db, categoryId: number): Promise<CraftRow[]> {
  const rows = await craftsRepository(db).craftsOf(categoryId);
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
export function buildNodes(rows: readonly CraftRow[], locale: Locale, { price, moneyType }: AccountPricing) {
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
      moneyType,
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
  const rows = await craftsRepository(db).pricesOf(allIds);
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

/**
 * searchCraft: the crafts of the ids (each must belong to the category), or the options (not groups) whose
 * name in either language or code contains every word of the keywords; flat nodes, priced for the account.
 */
export async function searchCrafts(
  db: Db,
  query: { category: number; craftIds?: string; keywords?: string },
  locale: Locale,
  pricing: AccountPricing,
): Promise<CraftNode[]> {
  const { category, craftIds, keywords } = query;
  if (craftIds === undefined && keywords === undefined)
    throw new AppError(400, "validation.required", { field: "craftIds" }, 400);
  const rows = await loadCrafts(db, category);
  const { byId } = buildNodes(rows, locale, pricing);
  if (craftIds !== undefined) {
    const ids = parseIds(craftIds);
    const missing = ids.find((id) => !byId.has(id));
    if (missing !== undefined) throw notFound("catalogue.craftNotFound", { id: missing, category });
    const wanted = new Set(ids);
    return [...byId.values()].filter((node) => wanted.has(node.id)).map(flat);
  }
  const words = keywords!.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = rows.filter(
    (row) =>
      row.parentId !== null &&
      words.every(
        (w) => row.enName.toLowerCase().includes(w) || row.zhName.includes(w) || row.code.toLowerCase().includes(w),
      ),
  );
  return matches.map((row) => flat(byId.get(row.id)!));
}

/** The crafts bound to a garment category's process, in order. */
export async function processBinding(db: Db, clothId: number) {
  const rows = await craftsRepository(db).processBindings(clothId);
  if (rows.length === 0) await requireCategory(db, clothId);
  return { clothId, list: rows.map((r) => r.craftId) };
}

/** The contrast sites of a category, each with its positions and fabrics, priced for the account. */
export async function contrastOptions(db: Db, category: number, locale: Locale, { price, moneyType }: AccountPricing) {
  const repository = craftsRepository(db);
  const zh = locale === "zh";
  const sites = await repository.contrastSites(category);
  if (sites.length === 0) {
    await requireCategory(db, category);
    return [];
  }
  const positions = await repository.contrastPositions(category);
  const fabrics = await repository.contrastFabrics([...new Set(sites.map((s) => s.fabricGroup))]);
  return sites.map((site) => ({
    id: site.id,
    code: site.code,
    name: zh ? site.zhName : site.enName,
    positions: positions
      .filter((p) => p.siteId === site.id)
      .map((p) => ({ id: p.id, code: p.code, name: zh ? p.zhName : p.enName, price: price(p.priceCents), moneyType })),
    fabrics: fabrics
      .filter((f) => f.fabricGroup === site.fabricGroup)
      .map((f) => ({
        id: f.id,
        code: f.code,
        name: zh ? f.zhName : f.enName,
        sourceType: f.sourceType as "IMAGE" | "TEXT",
        imagePath: f.imagePath,
        price: price(f.priceCents),
        moneyType,
      })),
  }));
}

/** The picture of a craft (drawn), or the not-found refusal (404) when it has none. */
export async function craftPicture(db: Db, id: number): Promise<string> {
  const repository = craftsRepository(db);
  const row = await repository.craft(id);
  if (!row || row.imagePath === "") throw new AppError(404, "catalogue.pictureNotFound", { id }, 404);
  const group = row.parentId === null ? row : await repository.craft(row.parentId);
  return craftSvg({
    name: row.enName,
    code: row.code,
    groupCode: group?.code ?? row.code,
    sourceType: row.sourceType,
    value: row.value,
  });
}
