import { specialBodyTypes } from "../measurements/service.ts";
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

    async dmCategory(req: OperationRequest<"dmCategory">) {
      return ok(req, await categoryDictionary(db, req.locale));
    },

    async getDictSystem(req: OperationRequest<"getDictSystem">) {
      return ok(req, await dictEntry(db, req.locale, req.query.id));
    },

    async dictbasic(req: OperationRequest<"dictbasic">) {
      return ok(req, await basicDictionary(db, req.locale, req.query));
    },

    async orderSearchDict(req: OperationRequest<"orderSearchDict">) {
      return ok(req, await orderSearchDictionary(db, req.locale, req.query));
    },
  };
}
