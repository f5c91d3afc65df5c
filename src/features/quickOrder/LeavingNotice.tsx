import { useSelector } from "@xstate/react";
import { Trans } from "@lingui/react/macro";
import type { OrderEntryContext } from "../../../machines/orderEntry/types.ts";
import { selectOutcome } from "../../../machines/orderEntry/selectors.ts";
import { SaveBackPrompt } from "../customers/index.ts";
import type { OrderEntryRef } from "./orderEntryRef.ts";

type Outcome = NonNullable<OrderEntryContext["outcome"]>;

/**
 * Issue 20 §8: once Save to cart or Submit is done, the form is gone and the page it goes to may still be
 * loading: the order page says where the user is going until the next page shows, never an empty area.
 */
export function LeavingNotice({ order }: { order: OrderEntryRef }) {
  const outcome = useSelector(order, selectOutcome);
  if (!outcome) return null;
  return (
    <div className="flex min-h-[40vh] items-center justify-center" data-testid="order-leaving">
      <p role="status" className="flex items-center gap-3 text-slate-700">
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand"
        />
        <Destination outcome={outcome} />
      </p>
      {/* issue 24: the question whether the order's measurements go back to its customer */}
      <SaveBackPrompt />
    </div>
  );
}

function Destination({ outcome }: { outcome: Outcome }) {
  switch (outcome.to) {
    case "/saveItems":
      return <Trans>Saved. Opening the saved items…</Trans>;
    case "/underProduction":
      return <Trans>Submitted. Opening the order list…</Trans>;
    default:
      return <Trans>Opening the pending orders…</Trans>;
  }
}
