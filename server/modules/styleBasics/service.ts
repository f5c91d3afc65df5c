import type { components } from "../../../openapi/portal.d.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import type { Locale } from "../../i18n.ts";
import { requireCategory } from "../catalogue/service.ts";
import { loadCrafts } from "../crafts/service.ts";
import { styleBasicsRepository, type StyleBasicRow } from "./repository.ts";

/**
 * Base styles (style basics, `styleBasicId`): the base pattern blocks of a garment category and the
 * crafts each permits. Designed here (000 §7 lists the calls without their payloads).
 */
type StyleBasic = components["schemas"]["StyleBasic"];

/** A base style by id; an unknown id is the not-found refusal. */
export async function requireStyleBasic(db: Db, id: number): Promise<StyleBasicRow> {
  const row = await styleBasicsRepository(db).byId(id);
  if (!row) throw notFound("catalogue.styleBasicNotFound", { id });
  return row;
}

/** A base style that must belong to the category (the category is checked first). */
export async function requireStyleBasicOf(db: Db, categoryId: number, id: number): Promise<StyleBasicRow> {
  await requireCategory(db, categoryId);
  const row = await requireStyleBasic(db, id);
  if (row.categoryId !== categoryId) throw notFound("catalogue.styleBasicNotInCategory", { id, category: categoryId });
  return row;
}

/** The base styles of the categories, in display order (the default first), as the contract describes them. */
export async function styleBasicList(db: Db, locale: Locale, categoryIds: readonly number[]): Promise<StyleBasic[]> {
  if (categoryIds.length === 0) return [];
  const repository = styleBasicsRepository(db);
  const rows = await repository.ofCategories(categoryIds);
  const zh = locale === "zh";
  const excluded = await repository.excludedCrafts(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: zh ? r.zhName : r.enName,
    enName: r.enName,
    description: zh ? r.descriptionZh : r.descriptionEn,
    isDefault: r.isDefault === 1 ? 1 : 0,
    category: r.categoryId,
    excludedCraftIds: excluded.filter((e) => e.styleBasicId === r.id).map((e) => e.craftId),
  }));
}

/** The craft rows a base style permits, in tree order: the category's without the excluded crafts and their descendants. */
export async function permittedCraftRows(db: Db, base: StyleBasicRow) {
  const rows = await loadCrafts(db, base.categoryId);
  const excluded = await styleBasicsRepository(db).excludedCrafts([base.id]);
  const dropped = new Set(excluded.map((e) => e.craftId));
  // Parents come before their children, so one pass drops whole branches.
  return rows.filter((row) => {
    if (dropped.has(row.id) || (row.parentId !== null && dropped.has(row.parentId))) {
      dropped.add(row.id);
      return false;
    }
    return true;
  });
}
