import { useCallback } from "react";
import { useFormatMoney, type MoneyInput } from "../../ui/Money.tsx";

/**
 * QO-030, QO-035, QO-017: an option's name with its surcharge when it has one, in the one money
 * format ("No vent (+USD 8.00)"), for the text that cannot hold an element (an option's label, a line
 * of the summary).
 */
export function useSurchargeLabel(): (name: string, surcharge: MoneyInput | null) => string {
  const formatMoney = useFormatMoney();
  return useCallback(
    (name, surcharge) => (surcharge ? `${name} (${formatMoney(surcharge, { signed: true })})` : name),
    [formatMoney],
  );
}
