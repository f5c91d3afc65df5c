import type { FastifyReply } from "fastify";
import { catalogueService } from "../catalogue/service.ts";
import { pricingOf } from "../pricing/service.ts";
import { sendCatalogue } from "../shared/catalogueCache.ts";
import { etagOf } from "../shared/pictures.ts";
import { memberOf, ok, sendSvg, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { fabricLibraryPage, fabricStock, fabricSwatch, searchFabrics } from "./service.ts";

/** Fabric search, stock and swatches (order entry, step 1). */
export function fabricRoutes({ db }: RouteContext) {
  return {
    async dmFabric(req: OperationRequest<"dmFabric">, reply: FastifyReply) {
      const member = memberOf(req);
      // Kept per search and what the prices depend on (issue 21: shared/catalogueCache.ts).
      const key = `${JSON.stringify(req.query)}|${member.priceFactorPct}|${member.moneyType}`;
      return sendCatalogue(db, req, reply, "fabrics", key, async () => {
        const { data, total } = await searchFabrics(db, req.query, req.locale, pricingOf(member));
        return { ...ok(req, data), total };
      });
    },

    async fabricLibrary(req: OperationRequest<"fabricLibrary">, reply: FastifyReply) {
      // FAB: open to visitors (no prices); kept per query and what the prices depend on, as the search is.
      const member = req.member;
      const key = `library|${JSON.stringify(req.query)}|${member ? `${member.priceFactorPct}|${member.moneyType}` : "visitor"}`;
      return sendCatalogue(db, req, reply, "fabrics", key, async () => {
        const { data, total } = await fabricLibraryPage(db, req.query, req.locale, member ? pricingOf(member) : null);
        return { ...ok(req, data), total };
      });
    },

    async fabricLibraryCategory(req: OperationRequest<"fabricLibraryCategory">) {
      const categories = await catalogueService(db).categories(7, req.locale);
      return ok(
        req,
        categories.map((c) => ({ id: c.id, name: c.name })),
      );
    },

    async getFabricStock(req: OperationRequest<"getFabricStock">) {
      const stock = await fabricStock(db, req.query.fabricCode);
      // QO-163: an out-of-stock fabric is answered (code 0) with the documented message.
      return ok(req, stock, stock.inStock ? "fabric.inStock" : "fabric.outOfStock");
    },

    async fabricSwatch(req: OperationRequest<"fabricSwatch">, reply: FastifyReply) {
      const body = await fabricSwatch(db, req.params.fabricCode);
      return sendSvg(req, reply, body, etagOf(body));
    },
  };
}
