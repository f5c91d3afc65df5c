import { specialBodyTypes } from "../measurements/service.ts";
import type { FastifyReply } from "fastify";
import { sendCatalogue } from "../shared/catalogueCache.ts";
import { askerOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { basicDictionary, categoryDictionary, dictEntry, garmentPieces, orderSearchDictionary } from "./service.ts";

/**
 * The remaining dictionary and catalogue reads of order entry (000 §7): garment pieces (getCloth), a
 * customer's special body types, the category dictionary, one system dictionary entry and the basic
 * dictionaries. (Base styles: modules/styleBasics; embroidery: modules/embroidery.)
 */
export function dictionaryRoutes({ db }: RouteContext) {
  return {
    async getCloth(req: OperationRequest<"getCloth">) {
      return ok(req, await garmentPieces(db, askerOf(req), req.query));
    },

    async zzSpecBody(req: OperationRequest<"zzSpecBody">) {
      return ok(req, await specialBodyTypes(db, askerOf(req), req.query));
    },

    // The dictionaries are kept per query and language (issue 21: shared/catalogueCache.ts).
    async dmCategory(req: OperationRequest<"dmCategory">, reply: FastifyReply) {
      return sendCatalogue(db, req, reply, "dictionaries", "dmCategory", async () =>
        ok(req, await categoryDictionary(db, req.locale)),
      );
    },

    async getDictSystem(req: OperationRequest<"getDictSystem">, reply: FastifyReply) {
      return sendCatalogue(db, req, reply, "dictionaries", `getDictSystem ${JSON.stringify(req.query)}`, async () =>
        ok(req, await dictEntry(db, req.locale, req.query.id)),
      );
    },

    async dictbasic(req: OperationRequest<"dictbasic">, reply: FastifyReply) {
      return sendCatalogue(db, req, reply, "dictionaries", `dictbasic ${JSON.stringify(req.query)}`, async () =>
        ok(req, await basicDictionary(db, req.locale, req.query)),
      );
    },

    async orderSearchDict(req: OperationRequest<"orderSearchDict">, reply: FastifyReply) {
      return sendCatalogue(db, req, reply, "dictionaries", `orderSearchDict ${JSON.stringify(req.query)}`, async () =>
        ok(req, await orderSearchDictionary(db, req.locale, req.query)),
      );
    },
  };
}
