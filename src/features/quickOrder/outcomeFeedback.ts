import { useEffect } from "react";
import { useSelector } from "@xstate/react";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { toasts } from "../../ui/toast.ts";
import { saveBack } from "../customers/index.ts";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import { selectOutcome } from "../../../machines/orderEntry/selectors.ts";

/**
 * What every order-entry page says besides refusals (useRefusalFeedback): a synced COPY accessory
 * (QO-018), and the outcome of Save to cart or Submit, said before the page navigates (API-007: the
 * server's message with the order number; QO-127: a failed submit says "Failed"). `onOutcome` runs
 * first (the professional order drops its kept forms, PO-021).
 */
export function useOutcomeFeedback(order: OrderEntryRef, onOutcome?: () => void): void {
  const { t } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const outcome = useSelector(order, selectOutcome);

  useEffect(() => {
    const synced = order.on("accessory.synced", (e) =>
      toasts.show("success", t`${e.name}: the same choice will be used for your other garments`),
    );
    return () => synced.unsubscribe();
  }, [order, t]);

  useEffect(() => {
    if (!outcome) return;
    onOutcome?.();
    if (outcome.failed) toasts.show("info", t`Failed`);
    else {
      const message = outcome.message || t`Saved`;
      const code = outcome.orderCode ?? "";
      toasts.show("success", code ? t`${message}: order number ${code}` : message);
    }
    // Issue 20 §8: the page it goes to is loaded first, while this page says where the user is going
    // (LeavingNotice), so no empty page shows in between; a page that cannot load shows its own error.
    // Issue 24: an order for a customer of the book first asks whether its measurements go back to them.
    let left = false;
    const asked = outcome.saveBack ? saveBack.ask(Number(outcome.saveBack.orderId)) : Promise.resolve();
    void Promise.all([router.preloadRoute({ to: outcome.to }).catch(() => undefined), asked]).then(() => {
      if (!left) void navigate({ to: outcome.to });
    });
    return () => {
      left = true;
    };
    // onOutcome is the page's own and is not a reason to say the outcome again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome, navigate, router, t]);
}
