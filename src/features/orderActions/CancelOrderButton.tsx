import { useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { canCancel } from "./rules.ts";
import { idempotencyKeys } from "../../api/idempotency.ts";
import { isApiError } from "../../api/errors.ts";
import { Button, type ButtonProps } from "../../ui/Button.tsx";
import { ConfirmDialog } from "../../ui/Dialog.tsx";
import { toasts } from "../../ui/toast.ts";
import { cancelOrder } from "./api.ts";

/**
 * Cancel of one order (D-13: offered for 10030, 10371 and 206012 only, so it renders nothing for any
 * other status). PROD-004: a confirmation first; PROD-037: then the call, under an idempotency key kept
 * across a retry of the same cancel (a lost answer retried refunds once). On success every read is
 * refreshed (the balance shown rises at once, the lists lose the order); PROD-065: a failure shows the
 * server's message as an error toast; a refusal closes the confirmation and reads every order again.
 */
export function CancelOrderButton({
  orderId,
  orderCode,
  statusId,
  onCancelled,
  size = "sm",
  variant = "outline",
}: {
  orderId: string;
  orderCode: string;
  statusId: number;
  onCancelled?: () => void;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const keys = useRef(idempotencyKeys());
  const cancel = useMutation({
    mutationFn: () => cancelOrder(orderId, keys.current.keyFor({ orderId })),
    onSuccess: async () => {
      keys.current.settle();
      setOpen(false);
      toasts.show("success", t`Order ${orderCode} cancelled`);
      onCancelled?.();
      // The balance, the summaries, every list and the badges change with a cancel.
      await queryClient.invalidateQueries();
    },
    onError: async (error) => {
      toasts.show("error", isApiError(error) && error.message ? error.message : t`The order could not be cancelled`);
      // A lost answer keeps the confirmation and its key for the retry.
      if (!isApiError(error)) return;
      // A refusal is an answer: the next cancel is a new action. Issue 20: a refusal from a stale page (the
      // order moved on meanwhile) closes the confirmation and reads the order again, so the page shows the
      // order as it now is beside the refusal.
      keys.current.settle();
      setOpen(false);
      await queryClient.invalidateQueries();
    },
  });
  if (!canCancel(statusId)) return null;
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpen(true)} aria-label={t`Cancel order ${orderCode}`}>
        <Trans>Cancel order</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        testId="cancel-order-confirm"
        title={<Trans>Cancel order {orderCode}?</Trans>}
        description={
          <Trans>
            The order is withdrawn from production. If it was paid, its full price goes back to the balance.
          </Trans>
        }
        confirmLabel={cancel.isPending ? <Trans>Cancelling…</Trans> : <Trans>Yes, cancel it</Trans>}
        cancelLabel={<Trans>Keep the order</Trans>}
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
