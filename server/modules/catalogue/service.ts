import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import type { Locale } from "../../i18n.ts";
import { catalogueRepository } from "./repository.ts";

/** Throws the "category does not exist" refusal unless the garment category exists. */
export async function requireCategory(db: Db, categoryId: number): Promise<void> {
  if (!(await catalogueRepository(db).categoryExists(categoryId)))
    throw notFound("catalogue.categoryNotFound", { id: categoryId });
}

/** Reads of the seeded catalogue: banners, dictionaries, categories, lining types. */
export function catalogueService(db: Db) {
  const repository = catalogueRepository(db);
  return {
    banners: () => repository.banners(),

    async dictEntries(category: number, locale: Locale) {
      const zh = locale === "zh";
      const rows = await repository.dictEntries(category);
      return rows.map((r) => ({
        id: r.id,
        name: zh ? r.zhName : r.enName,
        zhName: r.zhName,
        enName: r.enName,
        pos: r.pos,
        isStop: r.isStop as 0 | 1,
        category: r.category,
      }));
    },

    /** The categories of an order way with their top-level craft groups and whether monogram and contrast are offered. */
    async categories(orderWay: 7 | 8, locale: Locale) {
      const zh = locale === "zh";
      const rows = await repository.categories(orderWay);
      const groups = await repository.craftGroups();
      const withEmb = await repository.categoriesWithEmbroidery();
      const withContrast = await repository.categoriesWithContrast();
      return rows.map((c) => ({
        id: c.id,
        name: zh ? c.zhName : c.enName,
        ecode: c.ecode,
        imagePath: c.imagePath,
        onlyCoat: c.onlyCoat,
        craftList: groups
          .filter((g) => g.categoryId === c.id)
          .map((g) => ({
            id: g.id,
            code: g.code,
            name: zh ? g.zhName : g.enName,
            category: g.kind as 1 | 2 | 3 | 4,
            chooseType: g.chooseType as "RADIO" | "CHECKBOX" | "COPY",
          })),
        emb: withEmb.has(c.id),
        colorContrast: withContrast.has(c.id),
      }));
    },

    async linings(categoryId: number, orderType: number, locale: Locale) {
      const rows = await repository.linings(categoryId, orderType);
      return rows.map((l) => ({ code: l.code, name: locale === "zh" ? l.zhName : l.enName }));
    },
  };
}
