import { buildNodes } from "../crafts/service.ts";
import { bodySpecList, measurePartList, standardSizeList } from "../measurements/service.ts";
import { accountPricing } from "../pricing/service.ts";
import { askerOf, memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { requireCategory } from "../catalogue/service.ts";
import { permittedCraftRows, requireStyleBasic, requireStyleBasicOf, styleBasicList } from "./service.ts";

/** Base styles (styleBasicId) and what each permits: crafts, measurements, posture, standard sizes. */
export function styleBasicRoutes({ db }: RouteContext) {
  return {
    async styleInfo(req: OperationRequest<"styleInfo">) {
      const { category } = req.query;
      await requireCategory(db, category);
      return ok(req, await styleBasicList(db, req.locale, [category]));
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
      return ok(req, buildNodes(rows, req.locale, await accountPricing(db, memberOf(req).memberId)).roots);
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
  };
}
