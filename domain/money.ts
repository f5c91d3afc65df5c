/** Money in integer cents (DESIGN principle 6): formatting, rounding and the account's price factor. */

/** Rounds half up (away from zero for positives) to a whole number of cents. */
export const roundCents = (value: number) => Math.round(value);

/** Cents as a decimal string with two places: 123450 → "1234.50", -5 → "-0.05". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A decimal money string ("12.5", "1234.50") as cents, or null when it is not one. */
export function parseCents(text: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] === "-" ? -cents : cents;
}

/** Catalogue cents as the account pays them: × its price factor (percent), rounded half up to the cent. */
export const accountCents = (cents: number, factorPct: number) => roundCents((cents * factorPct) / 100);

/** The fabric a garment uses: the price per metre × the category's usage in centimetres, rounded half up. */
export const fabricUsageCents = (pricePerMeterCents: number, centimeters: number) =>
  roundCents((pricePerMeterCents * centimeters) / 100);
