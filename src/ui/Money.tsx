import { useCallback } from "react";
import { useLingui } from "@lingui/react";
import { cn } from "./cn.ts";
import { formatMoney, moneyOf, type MoneyValue } from "../../domain/money.ts";

/**
 * An amount as a view has it: integer cents, or the decimal string of an API answer ("1234.50"), with
 * its currency. A string that is not an amount (never sent by our server) is written as "—".
 */
export type MoneyInput = MoneyValue | { amount: string; currency: string };

const centsOf = (money: MoneyInput): MoneyValue | null =>
  "cents" in money ? money : moneyOf(money.amount, money.currency);

/**
 * The formatter of the active locale, for text that cannot hold an element (an option's label, an
 * aria-label, a message): the one format of `formatMoney` (domain/money.ts), "USD 1,234.50".
 */
export function useFormatMoney(): (money: MoneyInput, options?: { signed?: boolean }) => string {
  const { i18n } = useLingui();
  const { locale } = i18n;
  return useCallback(
    (money, options) => {
      const value = centsOf(money);
      return value ? formatMoney(value.cents, value.currency, locale, options) : "—";
    },
    [locale],
  );
}

/** An amount with its currency, in the active locale (`formatMoney`, domain/money.ts): "USD 1,234.50". */
export function Money({
  className,
  signed,
  "data-testid": testId,
  ...money
}: MoneyInput & {
  className?: string;
  /** "+USD 15.00": a surcharge. */
  signed?: boolean;
  "data-testid"?: string;
}) {
  const format = useFormatMoney();
  const value = centsOf(money);
  return (
    <span
      className={cn("tabular-nums whitespace-nowrap", className)}
      data-cents={value?.cents}
      data-currency={money.currency}
      data-testid={testId}
    >
      {format(money, { signed })}
    </span>
  );
}
