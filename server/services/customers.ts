import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customers } from "../db/schema.ts";
import { notFound } from "../errors.ts";

/**
 * A customer of the signed-in account. Another account's customer answers exactly like one that
 * does not exist, so ids cannot be probed (QO-165).
 */
export async function requireOwnCustomer(db: Db, memberId: number, customerId: number) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.memberId, memberId)));
  if (!row) throw notFound("customer.notFound", { id: customerId });
  return row;
}
