import { useLingui } from "@lingui/react";
import { cn } from "./cn.ts";
import { formatMoney, type MoneyValue } from "./money.ts";

/** An amount in integer cents with its currency, in the active locale: "USD 1,234.50". */
export function Money({ cents, currency, className }: MoneyValue & { className?: string }) {
  const { i18n } = useLingui();
  return (
    <span className={cn("tabular-nums whitespace-nowrap", className)} data-cents={cents} data-currency={currency}>
      {formatMoney({ cents, currency }, i18n.locale === "zh" ? "zh-CN" : "en-US")}
    </span>
  );
}
