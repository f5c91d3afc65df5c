import type { FastifyReply } from "fastify";
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  addProducts, bodySpecDetails, bodySpecs, customerSizes, customerSpecials, dictSystem, measureParts, standardSizes,
} from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import { requireCategory } from "../services/crafts.ts";
import { requireOwnCustomer } from "../services/customers.ts";
import { etagOf, postureSvg } from "../services/pictures.ts";
import { postureImagePath } from "../db/catalogue/postures.ts";
import { localeOfRequest, memberOf, ok, sendSvg, type OperationRequest, type RouteContext } from "./context.ts";

/** Dictionary categories of the standard sizes: 43 shapes (fits), 44 size areas. */
const SHAPES = 43;
const SIZE_AREAS = 44;
/** QO-058: the measurement stepper adds 0.5 cm. */
const ADD_NUM = 0.5;

/** Measurements, body posture, standard sizes and the add-product selector (order entry, step 3). */
export function measurementHandlers({ db }: RouteContext) {
  return {
    async measureInfo(req: OperationRequest<"measureInfo">) {
      const { category, measureType, customerId } = req.query;
      const zh = localeOfRequest(req) === "zh";
      if (customerId !== undefined) await requireOwnCustomer(db, memberOf(req).memberId, customerId);
      const parts = await db.select().from(measureParts)
        .where(and(eq(measureParts.categoryId, category), eq(measureParts.measureType, measureType))).orderBy(asc(measureParts.pos));
      if (parts.length === 0) await requireCategory(db, category);
      const stored = customerId === undefined || parts.length === 0 ? [] : await db.select().from(customerSizes)
        .where(and(eq(customerSizes.customerId, customerId), inArray(customerSizes.partId, parts.map((p) => p.id))));
      const valueOf = new Map(stored.map((s) => [s.partId, s.partSize]));
      const isBody = measureType === 10052;
      return ok(req, parts.map((p) => ({
        id: p.id, code: p.code, name: zh ? p.zhName : p.enName, inputValue: valueOf.get(p.id) ?? null,
        defaultValue: p.defaultValue, minValue: p.minValue, maxValue: p.maxValue, addNum: ADD_NUM,
        isMust: p.isMust === 1 ? 1 as const : 0 as const, disabled: false,
        finishId: isBody ? p.refPartId : null, finishValue: null, refPartId: p.refPartId, unit: "cm" as const,
      })));
    },

    async specBody(req: OperationRequest<"specBody">) {
      const { category, customerId } = req.query;
      const zh = localeOfRequest(req) === "zh";
      if (customerId !== undefined) await requireOwnCustomer(db, memberOf(req).memberId, customerId);
      const rows = await db.select({ spec: bodySpecs, detail: bodySpecDetails }).from(bodySpecs)
        .innerJoin(bodySpecDetails, eq(bodySpecDetails.specId, bodySpecs.id))
        .where(eq(bodySpecs.categoryId, category))
        .orderBy(asc(bodySpecs.pos), asc(bodySpecDetails.pos));
      if (rows.length === 0) await requireCategory(db, category);
      const chosen = customerId === undefined ? [] : await db.select().from(customerSpecials).where(eq(customerSpecials.customerId, customerId));
      const choiceOf = new Map(chosen.map((c) => [c.specId, c.detailId]));
      const specs = new Map<number, { id: number; name: string; enName: string; details: Array<{ id: number; name: string; description: string; imagePath: string; isDefault: 0 | 1 }>; chooseId: number }>();
      for (const { spec, detail } of rows) {
        let entry = specs.get(spec.id);
        if (!entry) {
          entry = { id: spec.id, name: zh ? spec.zhName : spec.enName, enName: spec.enName, details: [], chooseId: choiceOf.get(spec.id) ?? 0 };
          specs.set(spec.id, entry);
        }
        entry.details.push({
          id: detail.id, name: zh ? detail.zhName : detail.enName, description: zh ? detail.descriptionZh : detail.descriptionEn,
          imagePath: postureImagePath(detail.id), isDefault: detail.isDefault === 1 ? 1 : 0,
        });
        if (entry.chooseId === 0 && detail.isDefault === 1) entry.chooseId = detail.id;
      }
      return ok(req, [...specs.values()]);
    },

    async standard(req: OperationRequest<"standard">) {
      const { category, sizeAreaId, shape } = req.query;
      const zh = localeOfRequest(req) === "zh";
      const dict = await db.select({ id: dictSystem.id, category: dictSystem.category }).from(dictSystem)
        .where(inArray(dictSystem.category, [SHAPES, SIZE_AREAS]));
      if (!dict.some((d) => d.category === SIZE_AREAS && d.id === sizeAreaId)) throw notFound("catalogue.sizeAreaNotFound", { id: sizeAreaId });
      if (shape !== undefined && !dict.some((d) => d.category === SHAPES && d.id === shape)) throw notFound("catalogue.shapeNotFound", { id: shape });
      const sizes = await db.select().from(standardSizes).where(and(
        eq(standardSizes.categoryId, category), eq(standardSizes.sizeAreaId, sizeAreaId), shape === undefined ? undefined : eq(standardSizes.shapeId, shape),
      )).orderBy(asc(standardSizes.pos));
      if (sizes.length === 0) {
        await requireCategory(db, category);
        return ok(req, []);
      }
      const parts = await db.select({ id: measureParts.id, enName: measureParts.enName, zhName: measureParts.zhName }).from(measureParts)
        .where(and(eq(measureParts.categoryId, category), eq(measureParts.measureType, 10053)));
      const nameOf = new Map(parts.map((p) => [p.id, zh ? p.zhName : p.enName]));
      return ok(req, sizes.map((s) => ({
        id: s.id, name: s.name, property: zh ? s.propertyZh : s.property, shape: s.shapeId, sizeAreaId: s.sizeAreaId,
        details: s.details.map((d) => ({ partId: d.partId, name: nameOf.get(d.partId) ?? "", value: d.value })),
      })));
    },

    async shapeCategory(req: OperationRequest<"shapeCategory">) {
      const { category } = req.query;
      const zh = localeOfRequest(req) === "zh";
      const used = await db.selectDistinct({ shapeId: standardSizes.shapeId, sizeAreaId: standardSizes.sizeAreaId }).from(standardSizes)
        .where(eq(standardSizes.categoryId, category));
      if (used.length === 0) await requireCategory(db, category);
      const dict = await db.select().from(dictSystem).where(inArray(dictSystem.category, [SHAPES, SIZE_AREAS])).orderBy(asc(dictSystem.pos));
      const pick = (dictCategory: number, ids: Set<number>) => dict.filter((d) => d.category === dictCategory && ids.has(d.id))
        .map((d) => ({ id: d.id, name: zh ? d.zhName : d.enName }));
      return ok(req, {
        shapes: pick(SHAPES, new Set(used.map((u) => u.shapeId))),
        sizeAreas: pick(SIZE_AREAS, new Set(used.map((u) => u.sizeAreaId))),
      });
    },

    async isAdd(req: OperationRequest<"isAdd">) {
      const { category } = req.query;
      const zh = localeOfRequest(req) === "zh";
      await requireCategory(db, category);
      const rows = await db.select().from(addProducts).where(eq(addProducts.categoryId, category)).orderBy(asc(addProducts.pos));
      return ok(req, { isAdd: rows.length > 0, list: rows.map((r) => ({ id: r.addCategoryId, name: zh ? r.zhName : r.enName })) });
    },

    async postureImage(req: OperationRequest<"postureImage">, reply: FastifyReply) {
      const [detail] = await db.select().from(bodySpecDetails).where(eq(bodySpecDetails.id, req.params.id));
      if (!detail) throw new AppError(404, "catalogue.pictureNotFound", { id: req.params.id }, 404);
      const body = postureSvg(detail.figure, detail.enName);
      return sendSvg(req, reply, body, etagOf(body));
    },
  };
}
