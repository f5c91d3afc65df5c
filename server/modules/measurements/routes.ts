import type { FastifyReply } from "fastify";
import { etagOf } from "../shared/pictures.ts";
import { askerOf, ok, sendSvg, type OperationRequest, type RouteContext } from "../shared/http.ts";
import {
  addableProducts,
  bodySpecList,
  measurePartList,
  posturePicture,
  requireDictEntry,
  shapesAndAreas,
  SIZE_AREAS,
  standardSizeList,
} from "./service.ts";

/** Measurements, body posture, standard sizes and the add-product selector (order entry, step 3). */
export function measurementRoutes({ db }: RouteContext) {
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
      return ok(req, await shapesAndAreas(db, req.locale, req.query.category));
    },

    async isAdd(req: OperationRequest<"isAdd">) {
      return ok(req, await addableProducts(db, req.locale, req.query.category));
    },

    async postureImage(req: OperationRequest<"postureImage">, reply: FastifyReply) {
      const body = await posturePicture(db, req.params.id);
      return sendSvg(req, reply, body, etagOf(body));
    },
  };
}
