import type { FastifyReply } from "fastify";
import { and, asc, eq, ilike, inArray, sql } from "drizzle-orm";
import { categoryFabricKinds, fabrics } from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import { requireCategory } from "../services/crafts.ts";
import { etagOf, swatchSvg } from "../services/pictures.ts";
import { accountPricing } from "../services/pricing.ts";
import { likePattern, localeOfRequest, memberOf, ok, sendSvg, type OperationRequest, type RouteContext } from "./context.ts";

/** QO-204: the order-entry fabric picker shows at most 13 fabrics. */
export const FABRIC_PICKER_LIMIT = 13;
const metres = (centimetres: number) => centimetres / 100;
const normalCode = (code: string) => code.trim().toUpperCase();

/** Fabric search, stock and swatches (order entry, step 1). */
export function fabricHandlers({ db }: RouteContext) {
  return {
    async dmFabric(req: OperationRequest<"dmFabric">) {
      const { clothCategory, keywords } = req.query;
      const limit = req.query.limit ?? FABRIC_PICKER_LIMIT;
      const zh = localeOfRequest(req) === "zh";
      let kinds: string[] | undefined;
      if (clothCategory !== undefined) {
        const rows = await db.select({ kind: categoryFabricKinds.kind }).from(categoryFabricKinds).where(eq(categoryFabricKinds.categoryId, clothCategory));
        if (rows.length === 0) await requireCategory(db, clothCategory);
        kinds = rows.map((r) => r.kind);
      }
      // Every word must match one of the described fields, in either language.
      const words = (keywords ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 5);
      const wordMatches = words.map((word) => ilike(fabrics.searchText, likePattern(word)));
      const rows = kinds?.length === 0 ? [] : await db.select({ fabric: fabrics, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(fabrics)
        .where(and(kinds ? inArray(fabrics.kind, kinds) : undefined, ...wordMatches))
        .orderBy(asc(fabrics.fabricCode)).limit(limit);
      const { price, moneyType } = await accountPricing(db, memberOf(req).memberId);
      const data = rows.map(({ fabric: f }) => ({
        id: f.id, fabricCode: f.fabricCode, imagePath: f.imagePath, imgPath: f.imagePath, price: price(f.pricePerMeterCents), moneyType,
        colorTypeName: zh ? f.colorTypeNameZh : f.colorTypeName, flowerPatternName: zh ? f.flowerPatternNameZh : f.flowerPatternName,
        flowerRemark: zh ? f.flowerRemarkZh : f.flowerRemark, soledad: zh ? f.soledadZh : f.soledad,
        fabricProName: zh ? f.fabricProNameZh : f.fabricProName, weight: f.weightGrams > 0 ? `${f.weightGrams} g/m` : "",
        remark: zh ? f.remarkZh : f.remark, check: false, stock: metres(f.stockCentimeters), inStock: f.stockCentimeters > 0,
      }));
      return { ...ok(req, data), total: rows[0]?.total ?? 0 };
    },

    async getFabricStock(req: OperationRequest<"getFabricStock">) {
      const code = normalCode(req.query.fabricCode);
      const [fabric] = code === "" ? [] : await db.select({ fabricCode: fabrics.fabricCode, stock: fabrics.stockCentimeters }).from(fabrics)
        .where(eq(fabrics.fabricCode, code));
      if (!fabric) throw notFound("fabric.notFound", { code: req.query.fabricCode.trim() });
      const inStock = fabric.stock > 0;
      // QO-163: an out-of-stock fabric is answered (code 0) with the documented message.
      return ok(req, { fabricCode: fabric.fabricCode, stock: metres(fabric.stock), inStock }, inStock ? "fabric.inStock" : "fabric.outOfStock");
    },

    async fabricSwatch(req: OperationRequest<"fabricSwatch">, reply: FastifyReply) {
      const code = normalCode(req.params.fabricCode);
      const [fabric] = await db.select().from(fabrics).where(eq(fabrics.fabricCode, code));
      if (!fabric) throw new AppError(404, "fabric.notFound", { code: req.params.fabricCode }, 404);
      if (fabric.imagePath === "") throw new AppError(404, "fabric.noPicture", { code: fabric.fabricCode }, 404);
      const body = swatchSvg(fabric);
      return sendSvg(req, reply, body, etagOf(body));
    },
  };
}
