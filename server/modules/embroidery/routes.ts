import { askerOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { embOptionList } from "./service.ts";

/** The embroidery (monogram) options of a category: searchable (zzEmb) and grouped by type (dmEmb). */
export function embroideryRoutes({ db }: RouteContext) {
  return {
    async zzEmb(req: OperationRequest<"zzEmb">) {
      return ok(req, await embOptionList(db, askerOf(req), req.query));
    },

    async dmEmb(req: OperationRequest<"dmEmb">) {
      const { category } = req.query;
      const options = await embOptionList(db, askerOf(req), { category });
      const ofType = (type: (typeof options)[number]["type"]) => options.filter((o) => o.type === type);
      return ok(req, {
        category,
        sites: ofType("emb_site"),
        colors: ofType("emb_color"),
        fonts: ofType("emb_font"),
        sizes: ofType("emb_size"),
      });
    },
  };
}
