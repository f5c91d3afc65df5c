import { notFound } from "../../errors.ts";
import { ok, type OperationRequest, type RouteContext } from "../shared/http.ts";

/**
 * The style catalogue (000 §7, 002 §7: pc/style, pc/curablestyle). A first stub of the contract:
 * the catalogue is empty until its tables and seed land.
 */
export function styleRoutes(_context: RouteContext) {
  return {
    async styleCategory(req: OperationRequest<"styleCategory">) {
      return ok(req, []);
    },
    async styleList(req: OperationRequest<"styleList">) {
      return { ...ok(req, []), total: 0 };
    },
    async styleDetail(req: OperationRequest<"styleDetail">) {
      throw notFound("catalogue.styleNotFound", { id: req.params.id });
    },
    async styleCalculatePrice(req: OperationRequest<"styleCalculatePrice">) {
      throw notFound("catalogue.styleNotFound", { id: req.params.id });
    },
    async styleBuy(req: OperationRequest<"styleBuy">) {
      throw notFound("catalogue.styleNotFound", { id: req.body.styleId });
    },
    async curableStyle(req: OperationRequest<"curableStyle">) {
      return ok(req, []);
    },
    async curableStylePiece(req: OperationRequest<"curableStylePiece">) {
      throw notFound("catalogue.stylePieceNotFound", { id: req.params.id, category: req.params.pid });
    },
    async styleImage(req: OperationRequest<"styleImage">) {
      throw notFound("catalogue.pictureNotFound", { id: `${req.params.id}/${req.params.n}` });
    },
  };
}
