import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { LimitedTextarea } from "../../ui/LimitedTextarea.tsx";
import { toasts } from "../../ui/toast.ts";
import { updateRemark } from "./api.ts";
import { REMARK_MAX, remarkProblem } from "./rules.ts";

/**
 * PROD-007: an order's note on the lists: a note icon on a row with a note opens a small card with its
 * text; an order its owner can still change (`editable`, PROD-052: isEdit and the status) may have its
 * note written, changed or cleared there (at most 500 characters, as the order entry takes it). Renders
 * nothing for an order without a note that cannot be changed.
 *
 * @public placed by the order lists
 */
export function RemarkButton({
  orderId,
  orderCode,
  remark,
  editable,
}: {
  orderId: string;
  orderCode: string;
  remark: string;
  editable: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const has = remark.trim() !== "";
  if (!has && !editable) return null;
  return (
    <>
      <Button
        size="sm"
        variant="link"
        aria-label={has ? t`Note of order ${orderCode}` : t`Add a note to order ${orderCode}`}
        data-has-note={has || undefined}
        onClick={() => setOpen(true)}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="mr-1 h-4 w-4 fill-current">
          <path d="M3 1h7l3 3v11H3V1zm6 1v3h3L9 2zM5 8h6v1H5V8zm0 2h6v1H5v-1zm0 2h4v1H5v-1z" />
        </svg>
        {has ? <Trans>Note</Trans> : <Trans>Add note</Trans>}
      </Button>
      {open ? (
        <RemarkCard
          orderId={orderId}
          orderCode={orderCode}
          remark={remark}
          editable={editable}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function RemarkCard({
  orderId,
  orderCode,
  remark,
  editable,
  onClose,
}: {
  orderId: string;
  orderCode: string;
  remark: string;
  editable: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(remark);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => updateRemark(orderId, text.trim()),
    onSuccess: async () => {
      toasts.show("success", t`Note of order ${orderCode} saved`);
      onClose();
      // every list shows the note from its row
      await queryClient.invalidateQueries();
    },
    onError: (failure) =>
      toasts.show("error", isApiError(failure) && failure.message ? failure.message : t`The note could not be saved`),
  });
  const submit = () => {
    const problem = remarkProblem(text) === "tooLong" ? t`The note has at most ${REMARK_MAX} characters` : null;
    setError(problem);
    if (!problem) save.mutate();
  };
  return (
    <Modal
      open
      onClose={onClose}
      width={420}
      title={<Trans>Note of order {orderCode}</Trans>}
      testId="order-note"
      footer={
        editable ? (
          <>
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={submit} pending={save.isPending}>
              <Trans>Save note</Trans>
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        )
      }
    >
      {editable ? (
        <LimitedTextarea
          id={`${id}-note`}
          name="remark"
          label={<Trans>Note</Trans>}
          rows={5}
          max={REMARK_MAX}
          value={text}
          error={error}
          onChange={setText}
        />
      ) : (
        <p className="text-sm whitespace-pre-wrap text-slate-900" data-testid="order-note-text">
          {remark}
        </p>
      )}
    </Modal>
  );
}
