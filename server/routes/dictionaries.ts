import type { FastifyRequest } from "fastify";
import { and, asc, eq } from "drizzle-orm";
import {
  addProducts,
  bodySpecDetails,
  bodySpecs,
  categories,
  customerSpecials,
  dictBasic,
  dictSystem,
} from "../db/schema.ts";
import { postureImagePath } from "../db/catalogue/postures.ts";
import { notFound } from "../errors.ts";
import { buildNodes, requireCategory } from "../services/crafts.ts";
import { requireOwnCustomer } from "../services/customers.ts";
import { embOptionList } from "../services/embroidery.ts";
import {
  bodySpecList,
  measurePartList,
  requireDictEntry,
  SIZE_AREAS,
  standardSizeList,
} from "../services/measurements.ts";
import { accountPricing } from "../services/pricing.ts";
import { permittedCraftRows, requireStyleBasic, requireStyleBasicOf, styleBasicList } from "../services/styleBasics.ts";
import { localeOfRequest, memberOf, ok, type OperationRequest, type RouteContext } from "./context.ts";

/**
 * The remaining dictionary and catalogue reads of order entry (000 §7): garment pieces (getCloth),
 * base styles and what they permit, a customer's special body types, the embroidery and category
 * dictionaries, one system dictionary entry and the basic dictionaries.
 */
export function dictionaryHandlers({ db }: RouteContext) {
  const askerOf = (req: FastifyRequest) => ({ memberId: memberOf(req).memberId, locale: localeOfRequest(req) });

  return {
    /** QO-061: the category itself, then its add-product pieces, each with sizes, standard sizes and base styles. */
    async getCloth(req: OperationRequest<"getCloth">) {
      const { category, sizeType, sizeAreaId, customerId } = req.query;
      const asker = askerOf(req);
      const zh = asker.locale === "zh";
      const [main] = await db.select().from(categories).where(eq(categories.id, category));
      if (!main) throw notFound("catalogue.categoryNotFound", { id: category });
      if (customerId !== undefined) await requireOwnCustomer(db, asker.memberId, customerId);
      if (sizeAreaId !== undefined) await requireDictEntry(db, SIZE_AREAS, sizeAreaId);
      const added = await db
        .select({ piece: categories })
        .from(addProducts)
        .innerJoin(categories, eq(categories.id, addProducts.addCategoryId))
        .where(eq(addProducts.categoryId, category))
        .orderBy(asc(addProducts.pos));
      const pieces = [main, ...added.map((a) => a.piece)];
      const styles = await styleBasicList(
        db,
        asker.locale,
        pieces.map((p) => p.id),
      );
      const result = [];
      for (const piece of pieces) {
        const styleList = styles.filter((s) => s.category === piece.id);
        result.push({
          id: piece.id,
          enName: piece.enName,
          name: zh ? piece.zhName : piece.enName,
          chooseStyleId: (styleList.find((s) => s.isDefault === 1) ?? styleList[0])?.id ?? null,
          sizeList: await measurePartList(db, asker, {
            category: piece.id,
            measureType: sizeType ?? 10052,
            customerId,
          }),
          standardList: await standardSizeList(db, asker, { category: piece.id, sizeAreaId }),
          styleList,
        });
      }
      return ok(req, result);
    },

    async styleInfo(req: OperationRequest<"styleInfo">) {
      const { category } = req.query;
      await requireCategory(db, category);
      return ok(req, await styleBasicList(db, localeOfRequest(req), [category]));
    },

    /** QO-198: the customer's special body types (stored posture choices) in the category's specs. */
    async zzSpecBody(req: OperationRequest<"zzSpecBody">) {
      const { category, customerId } = req.query;
      const zh = localeOfRequest(req) === "zh";
      await requireCategory(db, category);
      await requireOwnCustomer(db, memberOf(req).memberId, customerId);
      const rows = await db
        .select({ spec: bodySpecs, detail: bodySpecDetails })
        .from(customerSpecials)
        .innerJoin(bodySpecs, eq(bodySpecs.id, customerSpecials.specId))
        .innerJoin(bodySpecDetails, eq(bodySpecDetails.id, customerSpecials.detailId))
        .where(and(eq(customerSpecials.customerId, customerId), eq(bodySpecs.categoryId, category)))
        .orderBy(asc(bodySpecs.pos));
      return ok(
        req,
        rows.map(({ spec, detail }) => ({
          desId: spec.id,
          desName: zh ? spec.zhName : spec.enName,
          specId: detail.id,
          specName: zh ? detail.zhName : detail.enName,
          description: zh ? detail.descriptionZh : detail.descriptionEn,
          imagePath: postureImagePath(detail.id),
        })),
      );
    },

    async styleMeasureInfo(req: OperationRequest<"styleMeasureInfo">) {
      const { styleBasicId, measureType, shapeCategory, customerId } = req.query;
      const base = await requireStyleBasic(db, styleBasicId);
      return ok(
        req,
        await measurePartList(db, askerOf(req), {
          category: base.categoryId,
          measureType,
          customerId,
          fitId: shapeCategory,
        }),
      );
    },

    async styleAuthInfo(req: OperationRequest<"styleAuthInfo">) {
      const { category, styleBasicId } = req.query;
      const base = await requireStyleBasicOf(db, category, styleBasicId);
      const rows = await permittedCraftRows(db, base);
      const { price } = await accountPricing(db, memberOf(req).memberId);
      return ok(req, buildNodes(rows, localeOfRequest(req), price).roots);
    },

    async styleSpecBody(req: OperationRequest<"styleSpecBody">) {
      const { styleBasicId, customerId } = req.query;
      const base = await requireStyleBasic(db, styleBasicId);
      return ok(req, await bodySpecList(db, askerOf(req), { category: base.categoryId, customerId }));
    },

    async styleStandard(req: OperationRequest<"styleStandard">) {
      const { styleBasicId, sizeAreaId, shape } = req.query;
      const base = await requireStyleBasic(db, styleBasicId);
      return ok(req, await standardSizeList(db, askerOf(req), { category: base.categoryId, sizeAreaId, shape }));
    },

    async dmEmb(req: OperationRequest<"dmEmb">) {
      const { category } = req.query;
      const options = await embOptionList(db, askerOf(req), { category });
      const ofType = (type: (typeof options)[number]["type"]) => options.filter((o) => o.type === type);
      return ok(req, {
        category,
        sites: ofType("emb_site"),
        colors: ofType("emb_color"),
        fonts: ofType("emb_font"),
        sizes: ofType("emb_size"),
      });
    },

    async dmCategory(req: OperationRequest<"dmCategory">) {
      const zh = localeOfRequest(req) === "zh";
      const rows = await db.select().from(categories).orderBy(asc(categories.pos));
      return ok(
        req,
        rows.map((c) => ({
          id: c.id,
          name: zh ? c.zhName : c.enName,
          enName: c.enName,
          zhName: c.zhName,
          ecode: c.ecode,
          imagePath: c.imagePath,
          orderWays: [...(c.simpleOrder ? [7 as const] : []), ...(c.professionalOrder ? [8 as const] : [])],
          onlyCoat: c.onlyCoat,
        })),
      );
    },

    async getDictSystem(req: OperationRequest<"getDictSystem">) {
      const { id } = req.query;
      const zh = localeOfRequest(req) === "zh";
      const [r] = await db.select().from(dictSystem).where(eq(dictSystem.id, id));
      if (!r) throw notFound("dictionary.notFound", { id });
      return ok(req, {
        id: r.id,
        name: zh ? r.zhName : r.enName,
        zhName: r.zhName,
        enName: r.enName,
        pos: r.pos,
        isStop: r.isStop === 1 ? (1 as const) : (0 as const),
        category: r.category,
      });
    },

    async dictbasic(req: OperationRequest<"dictbasic">) {
      const { category, parentId } = req.query;
      const zh = localeOfRequest(req) === "zh";
      if (parentId !== undefined) {
        const [parent] = await db.select({ id: dictBasic.id }).from(dictBasic).where(eq(dictBasic.id, parentId));
        if (!parent) throw notFound("dictionary.notFound", { id: parentId });
      }
      const rows = await db
        .select()
        .from(dictBasic)
        .where(
          and(eq(dictBasic.category, category), parentId === undefined ? undefined : eq(dictBasic.parentId, parentId)),
        )
        .orderBy(asc(dictBasic.parentId), asc(dictBasic.pos));
      if (rows.length === 0) {
        const [any] = await db
          .select({ id: dictBasic.id })
          .from(dictBasic)
          .where(eq(dictBasic.category, category))
          .limit(1);
        if (!any) throw notFound("dictionary.categoryNotFound", { id: category });
      }
      return ok(
        req,
        rows.map((r) => ({
          id: r.id,
          name: zh ? r.zhName : r.enName,
          zhName: r.zhName,
          enName: r.enName,
          code: r.code,
          category: r.category,
          parentId: r.parentId,
          pos: r.pos,
        })),
      );
    },
  };
}
