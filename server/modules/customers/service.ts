import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { customersRepository } from "./repository.ts";

/** The customer-name autocomplete shows at most 20 customers. */
export const CUSTOMER_SUGGESTIONS = 20;

/**
 * A customer of the signed-in account. Another account's customer answers exactly like one that
 * does not exist, so ids cannot be probed (QO-165).
 */
export async function requireOwnCustomer(db: Db, memberId: number, customerId: number) {
  const row = await customersRepository(db).ownCustomer(memberId, customerId);
  if (!row) throw notFound("customer.notFound", { id: customerId });
  return row;
}

/** The account's own customers (QO-165) matching the keywords, with their sizes and posture choices. */
export async function searchCustomers(db: Db, memberId: number, keywords: string | undefined) {
  const repository = customersRepository(db);
  const words = (keywords ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const rows = await repository.search(memberId, words, CUSTOMER_SUGGESTIONS);
  const ids = rows.map((r) => r.customer.id);
  const sizes = await repository.sizesOf(ids);
  const specials = await repository.specialsOf(ids);
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
  return { data, total: rows[0]?.total ?? 0 };
}
