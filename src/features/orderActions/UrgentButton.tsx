import { useId, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { isApiError } from "../../api/errors.ts";
import { Button, type ButtonProps } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { LimitedTextarea } from "../../ui/LimitedTextarea.tsx";
import { formatDateTime } from "../../ui/dates.ts";
import { toasts } from "../../ui/toast.ts";
import { askUrgent, timelineQuery } from "./api.ts";
import { URGENT_REASON_MAX, canAskUrgent, urgentReasonProblem } from "./rules.ts";
import { LoadingStatus } from "../../ui/RouteStatus.tsx";

/**
 * PROD-005 (designed): "Urgent" on an order being made (10030 .. 206014; renders nothing otherwise)
 * opens a modal asking a short reason; confirmed, the request is recorded on the order's timeline and a
 * toast says so; a refusal shows the server's message. An order asked once says when, and asks no more.
 *
 * @public placed by the production list and the details page for the caller's own orders
 */
export function UrgentButton({
  orderId,
  orderCode,
  statusId,
  size = "sm",
  variant = "link",
}: {
  orderId: string;
  orderCode: string;
  statusId: number;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (!canAskUrgent(statusId)) return null;
  return (
    <>
      <Button
        size={size}
        variant={variant}
        aria-label={t`Urgent production of order ${orderCode}`}
        onClick={() => setOpen(true)}
      >
        <Trans>Urgent</Trans>
      </Button>
      {open ? <UrgentDialog orderId={orderId} orderCode={orderCode} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function UrgentDialog({ orderId, orderCode, onClose }: { orderId: string; orderCode: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const timeline = useQuery(timelineQuery(orderId));
  const asked = timeline.data?.find((event) => event.kind === "urgent");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const problemText = (problem: ReturnType<typeof urgentReasonProblem>) =>
    problem === "required"
      ? t`The reason cannot be empty`
      : problem === "tooLong"
        ? t`The reason has at most ${URGENT_REASON_MAX} characters`
        : null;
  const ask = useMutation({
    mutationFn: () => askUrgent(orderId, reason.trim()),
    onSuccess: async () => {
      toasts.show("success", t`Urgent production asked for order ${orderCode}`);
      onClose();
      // the timeline (details page) shows the request
      await queryClient.invalidateQueries({ queryKey: ["orderTimeline", orderId] });
      await queryClient.invalidateQueries({ queryKey: ["orderDetails", Number(orderId)] });
    },
    onError: (failure) =>
      toasts.show(
        "error",
        isApiError(failure) && failure.message ? failure.message : t`Urgent production could not be asked`,
      ),
  });
  const submit = () => {
    const problem = problemText(urgentReasonProblem(reason));
    setError(problem);
    if (problem) return reasonRef.current?.focus();
    ask.mutate();
  };
  const when = asked ? formatDateTime(asked.at, i18n.locale) : "";
  return (
    <Modal
      open
      onClose={onClose}
      width={480}
      title={<Trans>Urgent production of order {orderCode}</Trans>}
      testId="urgent-dialog"
      footer={
        asked || timeline.isPending ? (
          <Button variant="outline" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={submit} pending={ask.isPending}>
              <Trans>Ask for urgent production</Trans>
            </Button>
          </>
        )
      }
    >
      {timeline.isPending ? (
        <LoadingStatus inline />
      ) : asked ? (
        <p role="status" className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="urgent-asked">
          <Trans>
            Urgent production was already asked on {when}: {asked.note}
          </Trans>
        </p>
      ) : (
        <LimitedTextarea
          id={`${id}-reason`}
          name="urgent.reason"
          label={<Trans>Reason</Trans>}
          required
          max={URGENT_REASON_MAX}
          value={reason}
          error={error}
          textareaRef={reasonRef}
          onChange={(value) => {
            setReason(value);
            if (error) setError(problemText(urgentReasonProblem(value)));
          }}
        />
      )}
    </Modal>
  );
}
