import { and, asc, eq, ilike, or } from "drizzle-orm";
import type { components } from "../../openapi/portal.d.ts";
import type { Db } from "../db/client.ts";
import { categoryEmbOptions, embOptions } from "../db/schema.ts";
import type { Locale } from "../i18n.ts";
import { likePattern } from "../routes/context.ts";
import { requireCategory } from "./crafts.ts";
import { accountPricing } from "./pricing.ts";

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
  const rows = await db
    .select({ option: embOptions })
    .from(categoryEmbOptions)
    .innerJoin(embOptions, eq(embOptions.id, categoryEmbOptions.optionId))
    .where(
      and(
        eq(categoryEmbOptions.categoryId, category),
        type === undefined ? undefined : eq(embOptions.type, type),
        keywords
          ? or(
              ilike(embOptions.enName, likePattern(keywords)),
              ilike(embOptions.zhName, likePattern(keywords)),
              ilike(embOptions.code, likePattern(keywords)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(embOptions.pos));
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
