import { ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { catalogueService } from "./service.ts";

/** Reads of the seeded catalogue: banners, dictionaries, categories, lining types. */
export function catalogueRoutes({ db }: RouteContext) {
  const catalogue = catalogueService(db);
  return {
    async listBanner(req: OperationRequest<"listBanner">) {
      return ok(req, await catalogue.banners());
    },

    async listDictSystem(req: OperationRequest<"listDictSystem">) {
      return ok(req, await catalogue.dictEntries(req.query.category, req.locale));
    },

    async listCategory(req: OperationRequest<"listCategory">) {
      return ok(req, await catalogue.categories(req.query.orderWay ?? 7, req.locale));
    },

    async currentCmtList(req: OperationRequest<"currentCmtList">) {
      return ok(req, await catalogue.linings(req.params.category, req.params.orderType, req.locale));
    },
  };
}
