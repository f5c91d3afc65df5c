import type { FastifyReply, FastifyRequest } from "fastify";
import { asc, eq, inArray } from "drizzle-orm";
import { addProducts, bodySpecDetails, dictSystem, standardSizes } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireCategory } from "../services/crafts.ts";
import {
  bodySpecList,
  measurePartList,
  requireDictEntry,
  SHAPES,
  SIZE_AREAS,
  standardSizeList,
} from "../services/measurements.ts";
import { etagOf, postureSvg } from "../services/pictures.ts";
import { localeOfRequest, memberOf, ok, sendSvg, type OperationRequest, type RouteContext } from "./context.ts";

/** Measurements, body posture, standard sizes and the add-product selector (order entry, step 3). */
export function measurementHandlers({ db }: RouteContext) {
  const askerOf = (req: FastifyRequest) => ({ memberId: memberOf(req).memberId, locale: localeOfRequest(req) });
  return {
    async measureInfo(req: OperationRequest<"measureInfo">) {
      return ok(req, await measurePartList(db, askerOf(req), req.query));
    },

    async specBody(req: OperationRequest<"specBody">) {
      return ok(req, await bodySpecList(db, askerOf(req), req.query));
    },

    async standard(req: OperationRequest<"standard">) {
      const { category, sizeAreaId, shape } = req.query;
      // The size area is required here: checked before the category, as before.
      await requireDictEntry(db, SIZE_AREAS, sizeAreaId);
      return ok(req, await standardSizeList(db, askerOf(req), { category, sizeAreaId, shape }));
    },

    async shapeCategory(req: OperationRequest<"shapeCategory">) {
      const { category } = req.query;
      const zh = localeOfRequest(req) === "zh";
      const used = await db
        .selectDistinct({ shapeId: standardSizes.shapeId, sizeAreaId: standardSizes.sizeAreaId })
        .from(standardSizes)
        .where(eq(standardSizes.categoryId, category));
      if (used.length === 0) await requireCategory(db, category);
      const dict = await db
        .select()
        .from(dictSystem)
        .where(inArray(dictSystem.category, [SHAPES, SIZE_AREAS]))
        .orderBy(asc(dictSystem.pos));
      const pick = (dictCategory: number, ids: Set<number>) =>
        dict
          .filter((d) => d.category === dictCategory && ids.has(d.id))
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
      const rows = await db
        .select()
        .from(addProducts)
        .where(eq(addProducts.categoryId, category))
        .orderBy(asc(addProducts.pos));
      return ok(req, {
        isAdd: rows.length > 0,
        list: rows.map((r) => ({ id: r.addCategoryId, name: zh ? r.zhName : r.enName })),
      });
    },

    async postureImage(req: OperationRequest<"postureImage">, reply: FastifyReply) {
      const [detail] = await db.select().from(bodySpecDetails).where(eq(bodySpecDetails.id, req.params.id));
      if (!detail) throw new AppError(404, "catalogue.pictureNotFound", { id: req.params.id }, 404);
      const body = postureSvg(detail.figure, detail.enName);
      return sendSvg(req, reply, body, etagOf(body));
    },
  };
}
