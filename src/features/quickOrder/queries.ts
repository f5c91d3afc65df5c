import { queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../session/session.ts";
import { currentLocale } from "../../app/i18n.ts";

/** Reads of order entry (000 §7), shared by the quick order's views and its machine's actors. */
export const orderQueries = {
  // QO-196: the account's own customers, by name
  customers: (keywords: string) => queryOptions({
    queryKey: ["customers", keywords],
    queryFn: async () => unwrap(await api.GET("/pc/customer/getCust", { params: { query: { keywords: keywords.trim().slice(0, 50) } } })),
  }),
  // QO-173, QO-204: fabric search (13 at most)
  fabrics: (clothCategory: number, keywords: string) => queryOptions({
    queryKey: ["fabrics", clothCategory, keywords],
    queryFn: async () => unwrap(await api.GET("/pc/fabric/dmFabric", { params: { query: { clothCategory, keywords: keywords.trim().slice(0, 50) } } })),
  }),
  // QO-054, QO-184: embroidery options per type
  embroidery: (category: number) => queryOptions({
    queryKey: ["embroidery", category, currentLocale()],
    queryFn: async () => {
      const load = async (type: "emb_site" | "emb_color" | "emb_font" | "emb_size") => unwrap(await api.GET("/pc/dict/zzEmb", { params: { query: { category, type } } }));
      const [sites, colors, fonts, sizes] = await Promise.all([load("emb_site"), load("emb_color"), load("emb_font"), load("emb_size")]);
      return { sites, colors, fonts, sizes };
    },
  }),
  // QO-185: contrast sites with positions and fabrics
  contrast: (category: number) => queryOptions({
    queryKey: ["contrast", category, currentLocale()],
    queryFn: async () => unwrap(await api.GET("/pc/dict/zzContrast", { params: { query: { category } } })),
  }),
  // QO-183: the craft tree
  crafts: (category: number) => queryOptions({
    queryKey: ["crafts", category, currentLocale()],
    queryFn: async () => unwrap(await api.GET("/pc/dict/zzCraft", { params: { query: { category } } })),
  }),
};
