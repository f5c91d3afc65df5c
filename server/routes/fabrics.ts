import type { FastifyReply } from "fastify";
import { and, asc, eq, like, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categoryFabricKinds, fabrics } from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import { requireCategory } from "../services/crafts.ts";
import { etagOf, swatchSvg } from "../services/pictures.ts";
import { pricingOf } from "../services/pricing.ts";
import {
  likePattern,
  localeOfRequest,
  memberOf,
  ok,
  sendSvg,
  type OperationRequest,
  type RouteContext,
} from "./context.ts";

/** QO-204: the order-entry fabric picker shows at most 13 fabrics. */
export const FABRIC_PICKER_LIMIT = 13;
const metres = (centimetres: number) => centimetres / 100;
const normalCode = (code: string) => code.trim().toUpperCase();

/** At most this many words of the keywords are matched. */
const MAX_WORDS = 5;

/**
 * The fabric search as one prepared statement per shape (with or without a category, 0 to 5 words):
 * the category's fabric kinds are read once into an array (`kind = any(array(…))`, cheaper than
 * `kind in (select …)` on PGlite, whose tables have no statistics), every word must occur in the lower-cased
 * `search_text` (`LIKE lower(pattern)`, which is `ILIKE` on an already lower-cased column), and the
 * total comes with the page (`count(*) over ()`).
 */
function prepareFabricSearch(db: Db, withCategory: boolean, wordCount: number) {
  const ofCategory = sql`${fabrics.kind} = any(array(select ${categoryFabricKinds.kind} from ${categoryFabricKinds} where ${categoryFabricKinds.categoryId} = ${sql.placeholder("category")}))`;
  const wordMatches = Array.from({ length: wordCount }, (_, i) =>
    like(fabrics.searchText, sql`lower(${sql.placeholder(`w${i}`)})`),
  );
  return db
    .select({
      id: fabrics.id,
      fabricCode: fabrics.fabricCode,
      imagePath: fabrics.imagePath,
      pricePerMeterCents: fabrics.pricePerMeterCents,
      stockCentimeters: fabrics.stockCentimeters,
      weightGrams: fabrics.weightGrams,
      colorTypeName: fabrics.colorTypeName,
      colorTypeNameZh: fabrics.colorTypeNameZh,
      flowerPatternName: fabrics.flowerPatternName,
      flowerPatternNameZh: fabrics.flowerPatternNameZh,
      flowerRemark: fabrics.flowerRemark,
      flowerRemarkZh: fabrics.flowerRemarkZh,
      soledad: fabrics.soledad,
      soledadZh: fabrics.soledadZh,
      fabricProName: fabrics.fabricProName,
      fabricProNameZh: fabrics.fabricProNameZh,
      remark: fabrics.remark,
      remarkZh: fabrics.remarkZh,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(fabrics)
    .where(and(withCategory ? ofCategory : undefined, ...wordMatches))
    .orderBy(asc(fabrics.fabricCode))
    .limit(sql.placeholder("limit"))
    .prepare(`fabric_search_${withCategory ? "category" : "all"}_${wordCount}`);
}

/** Fabric search, stock and swatches (order entry, step 1). */
export function fabricHandlers({ db }: RouteContext) {
  const searches = new Map<string, ReturnType<typeof prepareFabricSearch>>();
  const searchOf = (withCategory: boolean, wordCount: number) => {
    const key = `${withCategory}:${wordCount}`;
    let search = searches.get(key);
    if (!search) searches.set(key, (search = prepareFabricSearch(db, withCategory, wordCount)));
    return search;
  };

  return {
    async dmFabric(req: OperationRequest<"dmFabric">) {
      const { clothCategory, keywords } = req.query;
      const limit = req.query.limit ?? FABRIC_PICKER_LIMIT;
      const zh = localeOfRequest(req) === "zh";
      // Every word must match one of the described fields, in either language.
      const words = (keywords ?? "").trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
      const params: Record<string, unknown> = { limit, category: clothCategory ?? null };
      words.forEach((word, i) => (params[`w${i}`] = likePattern(word)));
      const rows = await searchOf(clothCategory !== undefined, words.length).execute(params);
      // Nothing found: an unknown category is a 404, not an empty page.
      if (rows.length === 0 && clothCategory !== undefined) await requireCategory(db, clothCategory);
      const { price, moneyType } = pricingOf(memberOf(req));
      const data = rows.map((f) => ({
        id: f.id,
        fabricCode: f.fabricCode,
        imagePath: f.imagePath,
        imgPath: f.imagePath,
        price: price(f.pricePerMeterCents),
        moneyType,
        colorTypeName: zh ? f.colorTypeNameZh : f.colorTypeName,
        flowerPatternName: zh ? f.flowerPatternNameZh : f.flowerPatternName,
        flowerRemark: zh ? f.flowerRemarkZh : f.flowerRemark,
        soledad: zh ? f.soledadZh : f.soledad,
        fabricProName: zh ? f.fabricProNameZh : f.fabricProName,
        weight: f.weightGrams > 0 ? `${f.weightGrams} g/m` : "",
        remark: zh ? f.remarkZh : f.remark,
        check: false,
        stock: metres(f.stockCentimeters),
        inStock: f.stockCentimeters > 0,
      }));
      return { ...ok(req, data), total: rows[0]?.total ?? 0 };
    },

    async getFabricStock(req: OperationRequest<"getFabricStock">) {
      const code = normalCode(req.query.fabricCode);
      const [fabric] =
        code === ""
          ? []
          : await db
              .select({ fabricCode: fabrics.fabricCode, stock: fabrics.stockCentimeters })
              .from(fabrics)
              .where(eq(fabrics.fabricCode, code));
      if (!fabric) throw notFound("fabric.notFound", { code: req.query.fabricCode.trim() });
      const inStock = fabric.stock > 0;
      // QO-163: an out-of-stock fabric is answered (code 0) with the documented message.
      return ok(
        req,
        { fabricCode: fabric.fabricCode, stock: metres(fabric.stock), inStock },
        inStock ? "fabric.inStock" : "fabric.outOfStock",
      );
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
