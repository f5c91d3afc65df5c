import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDateTime } from "../../ui/dates.ts";
import { canPreCommit } from "./rules.ts";
import { isApiError } from "../../api/errors.ts";
import { Button, type ButtonProps } from "../../ui/Button.tsx";
import { toasts } from "../../ui/toast.ts";
import { preCommitOrder } from "./api.ts";

/**
 * PROD-055: pre-commit of one order (pending 10371 or submitted 10030; renders nothing otherwise; the
 * lists hide it for category 3800000 and type 9, PROD-038/039). Success shows the toast "success".
 * Once pre-committed (`preCommittedAt`), the button gives way to the "Pre-committed" mark with its time.
 *
 * @public placed by the production list and the details page
 */
export function PreCommitButton({
  order,
  size = "sm",
  variant = "outline",
}: {
  /** The list row or the details of the order (status and the time it was pre-committed, if it was). */
  order: { orderId: string; orderCode: string; status: number; preCommittedAt?: string | null };
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
}) {
  const { orderId, orderCode, status: statusId, preCommittedAt } = order;
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const preCommit = useMutation({
    mutationFn: () => preCommitOrder(orderId),
    onSuccess: async () => {
      toasts.show("success", t`success`);
      // The details page (its timeline) and the lists read the order again.
      await queryClient.invalidateQueries();
    },
    onError: (error) => toasts.show("error", isApiError(error) && error.message ? error.message : t`Pre-commit failed`),
  });
  if (preCommittedAt) return <PreCommittedMark at={preCommittedAt} />;
  if (!canPreCommit(statusId)) return null;
  return (
    <Button
      size={size}
      variant={variant}
      pending={preCommit.isPending}
      aria-label={t`Pre-commit order ${orderCode}`}
      onClick={() => preCommit.mutate()}
    >
      <Trans>Pre-commit</Trans>
    </Button>
  );
}

/** PROD-055: the trace a pre-commit leaves on a list row and the details page: "Pre-committed" and when (UTC). */
function PreCommittedMark({ at }: { at: string }) {
  const { i18n } = useLingui();
  const when = formatDateTime(at, i18n.locale);
  return (
    <span className="inline-flex flex-col text-xs text-emerald-800" data-testid="pre-committed">
      <span className="font-medium">
        <Trans>Pre-committed</Trans>
      </span>
      <time dateTime={at}>{when}</time>
    </span>
  );
}
