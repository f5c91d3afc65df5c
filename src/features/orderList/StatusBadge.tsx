import { useLingui } from "@lingui/react/macro";
import { FAILED_NOTICE_MS, isFailedStatus, statusColour } from "./rules.ts";
import { cn } from "../../ui/cn.ts";
import { toasts } from "../../ui/toast.ts";

const toneClass = {
  red: "bg-red-50 text-red-800 ring-red-200",
  orange: "bg-orange-50 text-orange-800 ring-orange-200",
  grey: "bg-slate-100 text-slate-700 ring-slate-200",
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
} as const;

const badge = "inline-block rounded px-2 py-0.5 text-xs font-medium ring-1";

/** The look of a status badge of the given colour (PROD-029..034), for pages that show one status. */
export const statusBadgeClass = (colour: keyof typeof toneClass) => cn(badge, toneClass[colour]);

/**
 * An order's status in a list (PROD-028..034: 10369 red, 10030 and 10371 orange, 10370 grey, others
 * blue). A failed order's status (10369) is a button: a click shows a warning notice with the order
 * code and its blError for 8 seconds (PROD-031).
 */
export function StatusBadge({
  order,
}: {
  order: { status: number; statusName: string; orderCode: string; blError: string };
}) {
  const { t } = useLingui();
  const tone = toneClass[statusColour(order.status)];
  if (!isFailedStatus(order.status))
    return (
      <span className={cn(badge, tone)} data-status={order.status} data-colour={statusColour(order.status)}>
        {order.statusName}
      </span>
    );
  const { orderCode, blError } = order;
  return (
    <button
      type="button"
      className={cn(badge, tone, "cursor-pointer underline decoration-dotted underline-offset-2")}
      data-status={order.status}
      data-colour={statusColour(order.status)}
      aria-label={t`${order.statusName}: show why order ${orderCode} failed`}
      onClick={() =>
        toasts.show(
          "warning",
          blError ? t`Order ${orderCode}: ${blError}` : t`Order ${orderCode} failed.`,
          FAILED_NOTICE_MS,
        )
      }
    >
      {order.statusName}
    </button>
  );
}
