import type { components } from "../../../openapi/portal.d.ts";
import type { Db } from "../../db/client.ts";
import type { Locale } from "../../i18n.ts";
import { requireCategory } from "../catalogue/service.ts";
import { accountPricing } from "../pricing/service.ts";
import { embroideryRepository } from "./repository.ts";

type EmbOption = components["schemas"]["EmbOption"];
export type EmbType = EmbOption["type"];

/**
 * The embroidery (monogram) options a category offers, in display order, priced for the account;
 * of one type and matching the keywords (name in either language or code) when given.
 */
export async function embOptionList(
  db: Db,
  asker: { memberId: number; locale: Locale },
  query: { category: number; type?: EmbType; keywords?: string },
): Promise<EmbOption[]> {
  const { category, type } = query;
  const zh = asker.locale === "zh";
  const keywords = query.keywords?.trim();
  const rows = await embroideryRepository(db).optionsOf({ category, type, keywords });
  if (rows.length === 0) await requireCategory(db, category);
  const { price } = await accountPricing(db, asker.memberId);
  return rows.map(({ option: o }) => ({
    id: o.id,
    type: o.type as EmbType,
    code: o.code,
    name: zh ? o.zhName : o.enName,
    value: o.value,
    price: price(o.priceCents),
  }));
}
