import type { FastifyReply } from "fastify";
import { pricingOf } from "../pricing/service.ts";
import { sendCatalogue } from "../shared/catalogueCache.ts";
import { etagOf } from "../shared/pictures.ts";
import { memberOf, ok, sendSvg, type OperationRequest, type RouteContext } from "../shared/http.ts";
import {
  buildNodes,
  contrastOptions,
  craftPicture,
  craftPrices,
  loadCrafts,
  parseIds,
  processBinding,
  searchCrafts,
} from "./service.ts";

/** Crafts and contrast options of a garment category (order entry, step 2). */
export function craftRoutes({ db }: RouteContext) {
  return {
    async zzCraft(req: OperationRequest<"zzCraft">, reply: FastifyReply) {
      const member = memberOf(req);
      // Kept per category and what the prices depend on (issue 21: shared/catalogueCache.ts).
      const key = `${req.query.category}|${member.priceFactorPct}|${member.moneyType}`;
      return sendCatalogue(db, req, reply, "crafts", key, async () => {
        const rows = await loadCrafts(db, req.query.category);
        return ok(req, buildNodes(rows, req.locale, pricingOf(member)).roots);
      });
    },

    async searchCraft(req: OperationRequest<"searchCraft">) {
      return ok(req, await searchCrafts(db, req.body, req.locale, pricingOf(memberOf(req))));
    },

    async getCraftPrice(req: OperationRequest<"getCraftPrice">) {
      const priced = await craftPrices(
        db,
        req.body.map((item) => ({ category: item.category, ids: parseIds(item.chooseIds) })),
      );
      const { price } = pricingOf(memberOf(req));
      return ok(
        req,
        priced.map((p) => ({ id: p.id, price: price(p.priceCents), category: p.category })),
      );
    },

    async processBinding(req: OperationRequest<"processBinding">) {
      return ok(req, await processBinding(db, req.query.cloth));
    },

    async zzContrast(req: OperationRequest<"zzContrast">) {
      return ok(req, await contrastOptions(db, req.query.category, req.locale, pricingOf(memberOf(req))));
    },

    async craftImage(req: OperationRequest<"craftImage">, reply: FastifyReply) {
      const body = await craftPicture(db, req.params.id);
      return sendSvg(req, reply, body, etagOf(body));
    },
  };
}
