import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import { memberPricing } from "../members/service.ts";
import { pricingRepository } from "./repository.ts";
import { accountCents, fabricUsageCents, formatCents } from "../../../domain/money.ts";

/** Money rules (formatting, rounding half up, the account's price factor) live once, in domain/money.ts. */
export { accountCents, formatCents };

export interface AccountPricing {
  moneyType: string;
  price: (cents: number) => string;
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
  const member = await memberPricing(db, memberId);
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
  const repository = pricingRepository(db);
  const category = await repository.categoryPrice(input.categoryId, input.orderType);
  if (!category) throw new AppError(1002, "calc.categoryNotFound");
  const lining = await repository.lining(input.categoryId, input.orderType, input.liningCode);
  if (!lining) throw new AppError(1002, "calc.liningNotFound");
  const fabric = await repository.fabricPrice(input.fabricCode.trim().toUpperCase());
  if (!fabric) throw new AppError(1002, "calc.fabricNotFound", { code: input.fabricCode });
  const member = await memberPricing(db, input.memberId);
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
  const repository = pricingRepository(db);
  const category = await repository.categoryPrice(input.categoryId, input.orderType);
  if (!category) throw new AppError(1002, "calc.categoryNotFound");
  let fabricCents = 0;
  const code = input.fabricCode.trim().toUpperCase();
  if (input.fabricType === "sys" && code) {
    const fabric = await repository.fabricPrice(code);
    if (!fabric) throw notFound("calc.fabricNotFound", { code: input.fabricCode.trim() });
    fabricCents = fabricUsageCents(fabric.pricePerMeterCents, category.fabricCentimeters);
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

/** The parts of a checked piece's price (cents before the account's price factor) a breakdown itemises. */
export interface PricedPiece {
  makeCents: number;
  fabricCents: number;
  embCents: number;
  contrastCents: number;
  crafts: Array<{ craftId: number; priceCents: number }>;
}

/**
 * QO-111: the order's price itemised as the account pays it (making, fabric, each craft surcharge,
 * monogram, contrast; the pieces of an order added together). Each line is priced for the account on
 * its own; the order's price is rounded once over the whole (as saving prices it), so the cent a
 * rounding leaves over goes to the making line and the lines always add up to `unitCents`.
 */
export async function priceBreakdown(
  db: Db,
  pieces: readonly PricedPiece[],
  factorPct: number,
  unitCents: number,
  locale: "en" | "zh",
) {
  const sum = (pick: (p: PricedPiece) => number) => pieces.reduce((total, p) => total + pick(p), 0);
  const craftCents = new Map<number, number>();
  for (const craft of pieces.flatMap((p) => p.crafts))
    if (craft.priceCents !== 0) craftCents.set(craft.craftId, (craftCents.get(craft.craftId) ?? 0) + craft.priceCents);
  const names = await pricingRepository(db).craftNames([...craftCents.keys()]);
  const craftLines = [...craftCents].map(([craftId, cents]) => {
    const row = names.find((n) => n.id === craftId);
    return {
      craftId,
      name: (locale === "zh" ? row?.zhName : row?.enName) ?? String(craftId),
      cents: accountCents(cents, factorPct),
    };
  });
  const fabricCents = accountCents(
    sum((p) => p.fabricCents),
    factorPct,
  );
  const monogramCents = accountCents(
    sum((p) => p.embCents),
    factorPct,
  );
  const contrastCents = accountCents(
    sum((p) => p.contrastCents),
    factorPct,
  );
  const others = fabricCents + monogramCents + contrastCents + craftLines.reduce((total, c) => total + c.cents, 0);
  return {
    makePrice: formatCents(unitCents - others),
    fabricPrice: formatCents(fabricCents),
    crafts: craftLines.map((c) => ({ craftId: c.craftId, name: c.name, price: formatCents(c.cents) })),
    monogramPrice: formatCents(monogramCents),
    contrastPrice: formatCents(contrastCents),
  };
}
