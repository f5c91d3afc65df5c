/** The birthday's three inputs, named as the order form keeps them. */
export type BirthdayPart = "month" | "date" | "year";

/**
 * Issue 20 §6: the birthday's inputs in the order the language writes a date (English: month, day,
 * year; Chinese: year, month, day), as `Intl` formats a date in that language.
 */
export function birthdayParts(locale: string): BirthdayPart[] {
  const parts = new Intl.DateTimeFormat(locale, { year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(
    new Date(2000, 0, 31),
  );
  const order = parts.flatMap((p): BirthdayPart[] =>
    p.type === "year" ? ["year"] : p.type === "month" ? ["month"] : p.type === "day" ? ["date"] : [],
  );
  return order.length === 3 ? order : ["month", "date", "year"];
}
