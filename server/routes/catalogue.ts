import { and, asc, eq, isNull } from "drizzle-orm";
import { banners, categories, categoryEmbOptions, contrastSites, crafts, dictSystem, linings } from "../db/schema.ts";
import { localeOfRequest, ok, type OperationRequest, type RouteContext } from "./context.ts";

/** Reads of the seeded catalogue: banners, dictionaries, categories, lining types. */
export function catalogueHandlers({ db }: RouteContext) {
  return {
    async listBanner(req: OperationRequest<"listBanner">) {
      const rows = await db
        .select({ id: banners.id, imagePath: banners.imagePath })
        .from(banners)
        .orderBy(asc(banners.pos));
      return ok(req, rows);
    },

    async listDictSystem(req: OperationRequest<"listDictSystem">) {
      const zh = localeOfRequest(req) === "zh";
      const rows = await db
        .select()
        .from(dictSystem)
        .where(eq(dictSystem.category, req.query.category))
        .orderBy(asc(dictSystem.pos));
      return ok(
        req,
        rows.map((r) => ({
          id: r.id,
          name: zh ? r.zhName : r.enName,
          zhName: r.zhName,
          enName: r.enName,
          pos: r.pos,
          isStop: r.isStop as 0 | 1,
          category: r.category,
        })),
      );
    },

    async listCategory(req: OperationRequest<"listCategory">) {
      const zh = localeOfRequest(req) === "zh";
      const way = req.query.orderWay ?? 7;
      const rows = await db
        .select()
        .from(categories)
        .where(way === 7 ? eq(categories.simpleOrder, true) : eq(categories.professionalOrder, true))
        .orderBy(asc(categories.pos));
      // craftList: the top-level craft groups; emb and colorContrast: whether monogram and contrast are offered.
      const groups = await db
        .select({
          id: crafts.id,
          categoryId: crafts.categoryId,
          code: crafts.code,
          enName: crafts.enName,
          zhName: crafts.zhName,
          kind: crafts.kind,
          chooseType: crafts.chooseType,
        })
        .from(crafts)
        .where(isNull(crafts.parentId))
        .orderBy(asc(crafts.pos));
      const withEmb = new Set(
        (await db.selectDistinct({ id: categoryEmbOptions.categoryId }).from(categoryEmbOptions)).map((r) => r.id),
      );
      const withContrast = new Set(
        (await db.selectDistinct({ id: contrastSites.categoryId }).from(contrastSites)).map((r) => r.id),
      );
      return ok(
        req,
        rows.map((c) => ({
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
        })),
      );
    },

    async currentCmtList(req: OperationRequest<"currentCmtList">) {
      const zh = localeOfRequest(req) === "zh";
      const rows = await db
        .select()
        .from(linings)
        .where(and(eq(linings.categoryId, req.params.category), eq(linings.orderType, req.params.orderType)))
        .orderBy(asc(linings.pos));
      return ok(
        req,
        rows.map((l) => ({ code: l.code, name: zh ? l.zhName : l.enName })),
      );
    },
  };
}
