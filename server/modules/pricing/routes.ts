import { fabricQuote, referencePrice, formatCents } from "./service.ts";
import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";

/** The calculator (QO-111): a garment's reference price and its make and fabric prices. */
export function pricingRoutes({ db }: RouteContext) {
  return {
    async calculatePrice(req: OperationRequest<"calculatePrice">) {
      const { orderType, clothCode, fabricCode, liningCode } = req.body;
      const { priceCents, moneyType } = await referencePrice(db, {
        memberId: memberOf(req).memberId,
        orderType,
        categoryId: clothCode,
        fabricCode,
        liningCode,
      });
      return ok(req, { price: formatCents(priceCents), moneyType });
    },

    async fabricPrice(req: OperationRequest<"fabricPrice">) {
      const { category, type = 7, fabricType = "sys", fabric = "" } = req.query;
      const member = memberOf(req);
      return ok(
        req,
        await fabricQuote(
          db,
          { factorPct: member.priceFactorPct, moneyType: member.moneyType },
          { orderType: type, categoryId: category, fabricType, fabricCode: fabric },
        ),
      );
    },
  };
}
