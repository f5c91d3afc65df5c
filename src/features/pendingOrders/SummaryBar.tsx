import { useQuery } from "@tanstack/react-query";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../ui/Button.tsx";
import { Money } from "../../ui/Money.tsx";
import { pendingQueries } from "./queries.ts";
import { balanceCovers } from "./rules.ts";

/**
 * CART-007: the sticky summary under the list: how many orders are selected and their subtotal, the
 * account's balance (getOrderSumPrice, CART-022) and Submit, grey while nothing is selected (CART-039)
 * and dimmed with "Insufficient Balance" when the balance is below the subtotal (CART-037, CART-038,
 * D-14).
 */
export function SummaryBar({
  selected,
  currency,
  busy,
  onSubmit,
}: {
  selected: readonly { orderId: string; priceCents: number }[];
  /** The rows' currency; undefined while no row says it (then the server's answer names it). */
  currency: string | undefined;
  /** A queue is starting or running. */
  busy: boolean;
  onSubmit: () => void;
}) {
  const { t } = useLingui();
  const ids = selected.map((order) => order.orderId);
  const sum = useQuery(pendingQueries.sum(ids));
  // the server's price of the selection once it has answered for these ids, the rows' prices until then
  const subtotalCents =
    sum.data && !sum.isPlaceholderData && ids.length > 0
      ? sum.data.orderCents
      : selected.reduce((total, order) => total + order.priceCents, 0);
  const balanceCents = sum.data ? sum.data.balanceCents : null;
  const sumFailed = sum.isError && !sum.data;
  const moneyType = sum.data?.moneyType || currency;
  const nothing = selected.length === 0;
  const short = balanceCents !== null && !balanceCovers(balanceCents, subtotalCents);
  return (
    <section
      aria-label={t`Summary`}
      className="sticky bottom-0 z-10 mt-4 flex items-center justify-end gap-8 border-t border-slate-200 bg-white/95 px-6 py-4 shadow-[0_-2px_8px_rgba(0,0,0,0.06)]"
      data-testid="pending-summary"
    >
      <p className="text-sm text-slate-700" aria-live="polite">
        <Plural value={selected.length} one="# order selected" other="# orders selected" />
      </p>
      <p className="text-sm text-slate-700">
        <Trans>Subtotal</Trans>{" "}
        {moneyType ? (
          <Money cents={subtotalCents} currency={moneyType} className="text-base font-semibold text-slate-900" />
        ) : (
          <span className="text-slate-500">…</span>
        )}
      </p>
      <p className="text-sm text-slate-700">
        <Trans>Balance</Trans>{" "}
        {balanceCents === null || !moneyType ? (
          <span className="text-slate-500">{sumFailed ? t`Not available` : "…"}</span>
        ) : (
          <Money cents={balanceCents} currency={moneyType} className="font-semibold text-slate-900" />
        )}
      </p>
      <div className="flex flex-col items-end">
        <Button
          size="lg"
          variant={nothing ? "outline" : "primary"}
          disabled={nothing || short || balanceCents === null || busy}
          aria-describedby={sumFailed ? "pending-sum-error" : short ? "pending-short" : undefined}
          onClick={onSubmit}
        >
          <Trans>Submit</Trans>
        </Button>
        {sumFailed && (
          <p
            id="pending-sum-error"
            role="alert"
            className="mt-1 text-xs font-medium text-red-700"
            data-testid="sum-error"
          >
            <Trans>The balance could not be read; submitting is unavailable. Reload the page.</Trans>
          </p>
        )}
        {short && !nothing && (
          <p id="pending-short" role="alert" className="mt-1 text-xs font-medium text-red-700">
            <Trans>Insufficient Balance</Trans>
          </p>
        )}
      </div>
    </section>
  );
}
