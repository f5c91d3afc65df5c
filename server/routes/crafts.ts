import type { FastifyReply } from "fastify";
import { asc, eq, inArray } from "drizzle-orm";
import { contrastFabrics, contrastPositions, contrastSites, crafts, processBindings } from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import { buildNodes, craftPrices, flat, loadCrafts, parseIds, requireCategory } from "../services/crafts.ts";
import { embOptionList } from "../services/embroidery.ts";
import { craftSvg, etagOf } from "../services/pictures.ts";
import { pricingOf } from "../services/pricing.ts";
import { localeOfRequest, memberOf, ok, sendSvg, type OperationRequest, type RouteContext } from "./context.ts";

/** Crafts, embroidery and contrast options of a garment category (order entry, step 2). */
export function craftHandlers({ db }: RouteContext) {
  return {
    async zzCraft(req: OperationRequest<"zzCraft">) {
      const rows = await loadCrafts(db, req.query.category);
      const { price } = pricingOf(memberOf(req));
      return ok(req, buildNodes(rows, localeOfRequest(req), price).roots);
    },

    async searchCraft(req: OperationRequest<"searchCraft">) {
      const { category, craftIds, keywords } = req.body;
      if (craftIds === undefined && keywords === undefined)
        throw new AppError(400, "validation.required", { field: "craftIds" }, 400);
      const rows = await loadCrafts(db, category);
      const { price } = pricingOf(memberOf(req));
      const { byId } = buildNodes(rows, localeOfRequest(req), price);
      if (craftIds !== undefined) {
        const ids = parseIds(craftIds);
        const missing = ids.find((id) => !byId.has(id));
        if (missing !== undefined) throw notFound("catalogue.craftNotFound", { id: missing, category });
        const wanted = new Set(ids);
        return ok(req, [...byId.values()].filter((node) => wanted.has(node.id)).map(flat));
      }
      // Craft search: options (not groups) whose name in either language or code contains the words.
      const words = keywords!.trim().toLowerCase().split(/\s+/).filter(Boolean);
      const matches = rows.filter(
        (row) =>
          row.parentId !== null &&
          words.every(
            (w) => row.enName.toLowerCase().includes(w) || row.zhName.includes(w) || row.code.toLowerCase().includes(w),
          ),
      );
      return ok(
        req,
        matches.map((row) => flat(byId.get(row.id)!)),
      );
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
      const clothId = req.query.cloth;
      const rows = await db
        .select({ craftId: processBindings.craftId })
        .from(processBindings)
        .where(eq(processBindings.categoryId, clothId))
        .orderBy(asc(processBindings.pos));
      if (rows.length === 0) await requireCategory(db, clothId);
      return ok(req, { clothId, list: rows.map((r) => r.craftId) });
    },

    async zzEmb(req: OperationRequest<"zzEmb">) {
      return ok(
        req,
        await embOptionList(db, { memberId: memberOf(req).memberId, locale: localeOfRequest(req) }, req.query),
      );
    },

    async zzContrast(req: OperationRequest<"zzContrast">) {
      const { category } = req.query;
      const zh = localeOfRequest(req) === "zh";
      const sites = await db
        .select()
        .from(contrastSites)
        .where(eq(contrastSites.categoryId, category))
        .orderBy(asc(contrastSites.pos));
      if (sites.length === 0) {
        await requireCategory(db, category);
        return ok(req, []);
      }
      const positions = await db
        .select()
        .from(contrastPositions)
        .where(eq(contrastPositions.categoryId, category))
        .orderBy(asc(contrastPositions.pos));
      const fabrics = await db
        .select()
        .from(contrastFabrics)
        .where(inArray(contrastFabrics.fabricGroup, [...new Set(sites.map((s) => s.fabricGroup))]))
        .orderBy(asc(contrastFabrics.pos));
      const { price } = pricingOf(memberOf(req));
      return ok(
        req,
        sites.map((site) => ({
          id: site.id,
          code: site.code,
          name: zh ? site.zhName : site.enName,
          positions: positions
            .filter((p) => p.siteId === site.id)
            .map((p) => ({ id: p.id, code: p.code, name: zh ? p.zhName : p.enName, price: price(p.priceCents) })),
          fabrics: fabrics
            .filter((f) => f.fabricGroup === site.fabricGroup)
            .map((f) => ({
              id: f.id,
              code: f.code,
              name: zh ? f.zhName : f.enName,
              sourceType: f.sourceType as "IMAGE" | "TEXT",
              imagePath: f.imagePath,
              price: price(f.priceCents),
            })),
        })),
      );
    },

    async craftImage(req: OperationRequest<"craftImage">, reply: FastifyReply) {
      const [row] = await db.select().from(crafts).where(eq(crafts.id, req.params.id));
      if (!row || row.imagePath === "")
        throw new AppError(404, "catalogue.pictureNotFound", { id: req.params.id }, 404);
      const [group] = row.parentId === null ? [row] : await db.select().from(crafts).where(eq(crafts.id, row.parentId));
      const body = craftSvg({
        name: row.enName,
        code: row.code,
        groupCode: group?.code ?? row.code,
        sourceType: row.sourceType,
        value: row.value,
      });
      return sendSvg(req, reply, body, etagOf(body));
    },
  };
}
