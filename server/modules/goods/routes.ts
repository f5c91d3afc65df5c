import type { FastifyReply, FastifyRequest } from "fastify";
import { sendCatalogue } from "../shared/catalogueCache.ts";
import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { buyGoods, goodsCategoryTree, goodsDetail, goodsImage, goodsPage, saveGoodsToCart } from "./service.ts";

/** The caller's pricing when signed in (the mall is open to visitors, who see no prices). */
const pricingOfCaller = (req: FastifyRequest) =>
  req.member ? { priceFactorPct: req.member.priceFactorPct, moneyType: req.member.moneyType } : null;
/** What a catalogue answer depends on beyond the query and language: the prices' factor and currency. */
const pricingKey = (req: FastifyRequest) =>
  req.member ? `${req.member.priceFactorPct}|${req.member.moneyType}` : "visitor";

/** The online mall (002 §7: pc/goods) and its pictures. */
export function goodsRoutes({ db }: RouteContext) {
  return {
    async goodsCategory(req: OperationRequest<"goodsCategory">, reply: FastifyReply) {
      return sendCatalogue(db, req, reply, "goods", "tree", async () =>
        ok(req, await goodsCategoryTree(db, req.locale)),
      );
    },

    async goodsList(req: OperationRequest<"goodsList">, reply: FastifyReply) {
      const key = `${JSON.stringify(req.query)}|${pricingKey(req)}`;
      return sendCatalogue(db, req, reply, "goods", key, async () => {
        const { data, total } = await goodsPage(db, req.query, req.locale, pricingOfCaller(req));
        return { ...ok(req, data), total };
      });
    },

    async goodsDetail(req: OperationRequest<"goodsDetail">) {
      // Not kept: it carries the stock, which every purchase changes.
      return ok(req, await goodsDetail(db, req.params.id, req.locale, pricingOfCaller(req)));
    },

    async goodsImage(req: OperationRequest<"goodsImage">, reply: FastifyReply) {
      const { body, etag } = await goodsImage(db, req.params.id, req.params.n, req.query.max_width);
      reply.header("Cache-Control", "public, max-age=86400").header("ETag", etag).type("image/webp");
      if (req.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.send(body);
    },

    async goodsBuy(req: OperationRequest<"goodsBuy">) {
      const key = req.headers["idempotency-key"];
      const order = await buyGoods(db, memberOf(req), req.body, req.locale, typeof key === "string" ? key : undefined);
      return ok(req, order, "ok");
    },

    async goodsSaveToCart(req: OperationRequest<"goodsSaveToCart">) {
      return ok(req, await saveGoodsToCart(db, memberOf(req), req.body), "goods.addedToCart");
    },
  };
}
