import { useSelector } from "@xstate/react";
import { Trans } from "@lingui/react/macro";
import type { AnyActorRef } from "xstate";
import { sameRemake, selectRemake } from "../../../machines/orderEntry/selectors.ts";
import type { OrderEntryContext } from "../../../machines/orderEntry/types.ts";

/** Issue 12: while a remake is entered, the order it remakes and why ("Remake of <code>: <reason>"). */
export function RemakeBanner({ order }: { order: AnyActorRef }) {
  const remake = useSelector(
    order,
    (s: { context: OrderEntryContext } | undefined) => (s ? selectRemake(s) : null),
    sameRemake,
  );
  if (!remake) return null;
  const { code, reason } = remake;
  return (
    <p
      className="mt-2 rounded border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-amber-900"
      role="note"
      data-testid="remake-banner"
    >
      <Trans>
        Remake of {code}: {reason}
      </Trans>
    </p>
  );
}
