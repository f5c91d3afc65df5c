import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categoryPrices, fabrics, linings, members } from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import { accountCents, fabricUsageCents, formatCents } from "../../domain/money.ts";

/** Money rules (formatting, rounding half up, the account's price factor) live once, in domain/money.ts. */
export { accountCents, formatCents };

export interface AccountPricing {
  moneyType: string;
  price(cents: number): string;
}

/**
 * Catalogue prices as the signed-in account sees them: every surcharge and fabric price times the
 * account's price factor, rounded half up to the cent, formatted like the calculator ("12.50").
 * `member` is the request's signed-in member, whose factor was read with its token.
 */
export function pricingOf(member: { priceFactorPct: number; moneyType: string }): AccountPricing {
  return { moneyType: member.moneyType, price: (cents) => formatCents(accountCents(cents, member.priceFactorPct)) };
}

/** The same, looked up by member id (for callers without a signed-in member at hand). */
export async function accountPricing(db: Db, memberId: number): Promise<AccountPricing> {
  const [member] = await db
    .select({ factor: members.priceFactorPct, moneyType: members.moneyType })
    .from(members)
    .where(eq(members.id, memberId));
  return pricingOf({ priceFactorPct: member?.factor ?? 100, moneyType: member?.moneyType ?? "USD" });
}

/**
 * Reference price of one garment: make price of the category for the order type, plus the lining,
 * plus the fabric used (price per metre × centimetres), times the account's price factor.
 * All arithmetic is in integer cents, rounded half up once per step.
 */
export async function referencePrice(
  db: Db,
  input: { memberId: number; orderType: number; categoryId: number; liningCode: string; fabricCode: string },
) {
  const [category] = await db
    .select()
    .from(categoryPrices)
    .where(and(eq(categoryPrices.categoryId, input.categoryId), eq(categoryPrices.orderType, input.orderType)));
  if (!category) throw new AppError(1002, "calc.categoryNotFound");
  const [lining] = await db
    .select()
    .from(linings)
    .where(
      and(
        eq(linings.categoryId, input.categoryId),
        eq(linings.orderType, input.orderType),
        eq(linings.code, input.liningCode),
      ),
    );
  if (!lining) throw new AppError(1002, "calc.liningNotFound");
  const [fabric] = await db.select().from(fabrics).where(eq(fabrics.fabricCode, input.fabricCode.trim().toUpperCase()));
  if (!fabric) throw new AppError(1002, "calc.fabricNotFound", { code: input.fabricCode });
  const [member] = await db
    .select({ factor: members.priceFactorPct, moneyType: members.moneyType })
    .from(members)
    .where(eq(members.id, input.memberId));
  const fabricCents = fabricUsageCents(fabric.pricePerMeterCents, category.fabricCentimeters);
  const baseCents = category.makePriceCents + lining.priceCents + fabricCents;
  const priceCents = accountCents(baseCents, member!.factor);
  return { priceCents, moneyType: member!.moneyType };
}

/**
 * QO-111: the garment's make price and the fabric's price for it, as the account pays them: the
 * fabric per metre × the category's usage; the customer's own fabric (or none yet) costs nothing.
 */
export async function fabricQuote(
  db: Db,
  pricing: { factorPct: number; moneyType: string },
  input: { orderType: number; categoryId: number; fabricType: "sys" | "cus"; fabricCode: string },
) {
  const [category] = await db
    .select()
    .from(categoryPrices)
    .where(and(eq(categoryPrices.categoryId, input.categoryId), eq(categoryPrices.orderType, input.orderType)));
  if (!category) throw new AppError(1002, "calc.categoryNotFound");
  let fabricCents = 0;
  const code = input.fabricCode.trim().toUpperCase();
  if (input.fabricType === "sys" && code) {
    const [fabric] = await db
      .select({ price: fabrics.pricePerMeterCents })
      .from(fabrics)
      .where(eq(fabrics.fabricCode, code));
    if (!fabric) throw notFound("calc.fabricNotFound", { code: input.fabricCode.trim() });
    fabricCents = fabricUsageCents(fabric.price, category.fabricCentimeters);
  }
  const { moneyType } = pricing;
  // each line is priced for the account in cents; the total is their sum, so the lines add up
  const makeCents = accountCents(category.makePriceCents, pricing.factorPct);
  const fabricPaidCents = accountCents(fabricCents, pricing.factorPct);
  return {
    makePrice: formatCents(makeCents),
    fabricPrice: formatCents(fabricPaidCents),
    price: formatCents(makeCents + fabricPaidCents),
    moneyType,
  };
}
