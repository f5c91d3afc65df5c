import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { customerSizes, customerSpecials, customers } from "../db/schema.ts";
import { likePattern, memberOf, ok, type OperationRequest, type RouteContext } from "./context.ts";

/** The customer-name autocomplete shows at most 20 customers. */
export const CUSTOMER_SUGGESTIONS = 20;

/** The signed-in account's own customers (QO-165): never another account's. */
export function customerHandlers({ db }: RouteContext) {
  return {
    async getCust(req: OperationRequest<"getCust">) {
      const memberId = memberOf(req).memberId;
      const words = (req.query.keywords ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 5);
      const rows = await db
        .select({ customer: customers, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(customers)
        .where(
          and(
            eq(customers.memberId, memberId),
            ...words.map((word) =>
              or(
                ilike(customers.custName, likePattern(word)),
                ilike(customers.shortName, likePattern(word)),
                ilike(customers.phone, likePattern(word)),
                ilike(customers.email, likePattern(word)),
              ),
            ),
          ),
        )
        .orderBy(asc(customers.custName), asc(customers.id))
        .limit(CUSTOMER_SUGGESTIONS);
      const ids = rows.map((r) => r.customer.id);
      const sizes =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(customerSizes)
              .where(inArray(customerSizes.customerId, ids))
              .orderBy(asc(customerSizes.categoryId), asc(customerSizes.partId));
      const specials =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(customerSpecials)
              .where(inArray(customerSpecials.customerId, ids))
              .orderBy(asc(customerSpecials.specId));
      const data = rows.map(({ customer: c }) => {
        const bySize = new Map<number, Array<{ partId: number; partSize: number }>>();
        for (const s of sizes) {
          if (s.customerId !== c.id) continue;
          const list = bySize.get(s.categoryId) ?? [];
          list.push({ partId: s.partId, partSize: s.partSize });
          bySize.set(s.categoryId, list);
        }
        return {
          id: c.id,
          custName: c.custName,
          shortName: c.shortName,
          genderId: c.genderId,
          height: c.height,
          heightUnit: c.heightUnit,
          weight: c.weight,
          weightUnit: c.weightUnit,
          phone: c.phone,
          email: c.email,
          address: c.address,
          birthdate: c.birthdate ?? "",
          remark: c.remark,
          cySizeList: [...bySize].map(([clothId, partList]) => ({ clothId, partList })),
          customerSpecialList: specials
            .filter((s) => s.customerId === c.id)
            .map((s) => ({ desId: s.specId, specId: s.detailId })),
        };
      });
      return { ...ok(req, data), total: rows[0]?.total ?? 0 };
    },
  };
}
