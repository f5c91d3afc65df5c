import type { FastifyReply } from "fastify";
import { memberOf, ok, sendSvg, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { etagOf } from "../shared/pictures.ts";
import {
  buyStyle,
  searchStylePieces,
  styleCategoryList,
  styleDetail,
  styleImage,
  styleList,
  stylePiece,
  stylePrice,
} from "./service.ts";

/** The style catalogue (000 §7, 002 §7: pc/style, pc/curablestyle) and its pictures. */
export function styleRoutes({ db }: RouteContext) {
  return {
    async styleCategory(req: OperationRequest<"styleCategory">) {
      return ok(req, await styleCategoryList(db, req.locale));
    },

    async styleList(req: OperationRequest<"styleList">) {
      const { data, total } = await styleList(db, req.query, req.locale, memberOf(req));
      return { ...ok(req, data), total };
    },

    async styleDetail(req: OperationRequest<"styleDetail">) {
      return ok(req, await styleDetail(db, req.params.id, req.locale, memberOf(req)));
    },

    async styleCalculatePrice(req: OperationRequest<"styleCalculatePrice">) {
      return ok(req, await stylePrice(db, req.params.id, req.query.fabricCode, req.locale, memberOf(req)));
    },

    async styleBuy(req: OperationRequest<"styleBuy">) {
      return ok(req, await buyStyle(db, req.body, req.locale, memberOf(req)));
    },

    async curableStyle(req: OperationRequest<"curableStyle">) {
      return ok(req, await searchStylePieces(db, req.query, req.locale));
    },

    async curableStylePiece(req: OperationRequest<"curableStylePiece">) {
      return ok(req, await stylePiece(db, req.params.pid, req.params.id, req.locale, memberOf(req)));
    },

    async styleImage(req: OperationRequest<"styleImage">, reply: FastifyReply) {
      const body = await styleImage(db, req.params.id, req.params.n, req.query.max_width);
      return sendSvg(req, reply, body, etagOf(body));
    },
  };
}
