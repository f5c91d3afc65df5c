import { and, asc, eq } from "drizzle-orm";
import { banners, categories, dictSystem, linings } from "../db/schema.ts";
import { localeOfRequest, ok, type OperationRequest, type RouteContext } from "./context.ts";

/** Reads of the seeded catalogue: banners, dictionaries, categories, lining types. */
export function catalogueHandlers({ db }: RouteContext) {
  return {
    async listBanner(req: OperationRequest<"listBanner">) {
      const rows = await db.select({ id: banners.id, imagePath: banners.imagePath }).from(banners).orderBy(asc(banners.pos));
      return ok(req, rows);
    },

    async listDictSystem(req: OperationRequest<"listDictSystem">) {
      const zh = localeOfRequest(req) === "zh";
      const rows = await db.select().from(dictSystem).where(eq(dictSystem.category, req.query.category)).orderBy(asc(dictSystem.pos));
      return ok(req, rows.map((r) => ({
        id: r.id, name: zh ? r.zhName : r.enName, zhName: r.zhName, enName: r.enName, pos: r.pos, isStop: r.isStop as 0 | 1, category: r.category,
      })));
    },

    async listCategory(req: OperationRequest<"listCategory">) {
      const zh = localeOfRequest(req) === "zh";
      const way = req.query.orderWay ?? 7;
      const rows = await db.select().from(categories)
        .where(way === 7 ? eq(categories.simpleOrder, true) : eq(categories.professionalOrder, true))
        .orderBy(asc(categories.pos));
      return ok(req, rows.map((c) => ({ id: c.id, name: zh ? c.zhName : c.enName, ecode: c.ecode, imagePath: c.imagePath, onlyCoat: c.onlyCoat })));
    },

    async currentCmtList(req: OperationRequest<"currentCmtList">) {
      const zh = localeOfRequest(req) === "zh";
      const rows = await db.select().from(linings)
        .where(and(eq(linings.categoryId, req.params.category), eq(linings.orderType, req.params.orderType)))
        .orderBy(asc(linings.pos));
      return ok(req, rows.map((l) => ({ code: l.code, name: zh ? l.zhName : l.enName })));
    },
  };
}
