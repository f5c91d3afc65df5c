import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { toasts } from "../../ui/toast.ts";
import { LabelChip, OrderLabels, type LabelView } from "./LabelChip.tsx";
import { LabelLibraryModal } from "./LabelLibrary.tsx";
import { failureText, LABEL_TEXT } from "./messages.ts";
import { labelQueries, refreshAfterLabelChange, setOrderLabels } from "./queries.ts";

/**
 * The label editor of one order (LABEL-023, D-07): the caller's labels as checkboxes, the order's own
 * ticked; Confirm saves the set (editOrderLabel) and needs at least one label (LABEL-008). The library
 * opens from here to make a new label.
 */
export function LabelEditorModal({
  open,
  orderId,
  orderCode,
  labels,
  onClose,
}: {
  open: boolean;
  orderId: string;
  orderCode: string;
  labels: readonly LabelView[];
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const library = useQuery({ ...labelQueries.list(), enabled: open });
  const [chosen, setChosen] = useState<readonly number[]>(() => labels.map((label) => label.id));
  const [warning, setWarning] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  // a label deleted from the library is no longer a choice
  const available = library.data ?? [];
  const picked = chosen.filter((id) => available.some((label) => label.id === id));

  const save = useMutation({
    mutationFn: (ids: readonly number[]) => setOrderLabels(orderId, ids),
    onSuccess: ({ message }) => {
      // LABEL-017
      toasts.show("success", message || i18n._(LABEL_TEXT.updated));
      onClose();
    },
    // LABEL-014, LABEL-015
    onError: (error) => toasts.show("error", failureText(error, LABEL_TEXT.updateFailed)),
    onSettled: () => refreshAfterLabelChange(queryClient),
  });

  const confirm = () => {
    // LABEL-008
    if (picked.length === 0) {
      setWarning(true);
      return;
    }
    save.mutate(picked);
  };

  return (
    <>
      <Modal
        open={open}
        onClose={onClose}
        width={520}
        title={<Trans>Labels of order {orderCode}</Trans>}
        testId="label-editor"
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={confirm} pending={save.isPending || library.isPending}>
              <Trans>Confirm</Trans>
            </Button>
          </>
        }
      >
        {library.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            <Trans>Loading labels…</Trans>
          </p>
        ) : library.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {failureText(library.error, LABEL_TEXT.updateFailed)}
          </p>
        ) : available.length === 0 ? (
          <p className="text-sm text-slate-600">
            <Trans>You have no labels yet. Create one in the label library.</Trans>
          </p>
        ) : (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">
              <Trans>Choose the labels of this order</Trans>
            </legend>
            <ul className="flex max-h-72 flex-col gap-2 overflow-auto" data-testid="label-editor-choices">
              {available.map((label) => (
                <li key={label.id}>
                  <Checkbox
                    id={`label-choice-${orderId}-${label.id}`}
                    checked={picked.includes(label.id)}
                    onCheckedChange={(checked) => {
                      setWarning(false);
                      setChosen((before) =>
                        checked
                          ? [...before.filter((id) => id !== label.id), label.id]
                          : before.filter((id) => id !== label.id),
                      );
                    }}
                    label={<LabelChip label={label} />}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {warning ? (
          <p role="alert" className="mt-3 text-sm font-medium text-amber-800">
            {i18n._(LABEL_TEXT.atLeastOne)}
          </p>
        ) : null}
        <Button variant="link" size="sm" className="mt-3" onClick={() => setLibraryOpen(true)}>
          <Trans>Open the label library</Trans>
        </Button>
      </Modal>
      {libraryOpen ? <LabelLibraryModal open onClose={() => setLibraryOpen(false)} /> : null}
    </>
  );
}

/** LABEL-023: the button that opens an order's label editor (every order list and cart card). */
export function LabelEditorButton({
  orderId,
  orderCode,
  labels,
  disabled,
}: {
  orderId: string;
  orderCode: string;
  labels: readonly LabelView[];
  /** A read-only order (a sub-account's, seen by its main account): no editing. */
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-label={t`Labels of ${orderCode}`}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <Trans>Labels</Trans>
      </Button>
      {open ? (
        <LabelEditorModal open orderId={orderId} orderCode={orderCode} labels={labels} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/**
 * CART-021, LABEL-020, LABEL-021: an order's labels, each with a button that takes it off the order
 * (the success note "label deleted", or the server's message / "delete failed").
 */
export function EditableOrderLabels({
  orderId,
  labels,
  readOnly,
}: {
  orderId: string;
  labels: readonly LabelView[];
  readOnly?: boolean;
}) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (label: LabelView) =>
      setOrderLabels(
        orderId,
        labels.filter((other) => other.id !== label.id).map((other) => other.id),
      ),
    onSuccess: () => toasts.show("success", i18n._(LABEL_TEXT.removed)),
    onError: (error) => toasts.show("error", failureText(error, LABEL_TEXT.removeFailed)),
    onSettled: () => refreshAfterLabelChange(queryClient),
  });
  return (
    <OrderLabels
      labels={labels}
      onRemove={readOnly ? undefined : (label) => remove.mutate(label)}
      disabled={remove.isPending}
    />
  );
}

/**
 * An order list's labels cell (CART-021, LABEL-023): the order's labels with their remove buttons and
 * the label editor; read-only (no editor, no removal) for an order of a sub-account.
 */
export function OrderLabelsCell({
  orderId,
  orderCode,
  labels,
  readOnly,
}: {
  orderId: string;
  orderCode: string;
  labels: readonly LabelView[];
  readOnly: boolean;
}) {
  return (
    <div className="flex max-w-48 flex-col items-start gap-1">
      <EditableOrderLabels orderId={orderId} labels={labels} readOnly={readOnly} />
      {readOnly ? null : <LabelEditorButton orderId={orderId} orderCode={orderCode} labels={labels} />}
    </div>
  );
}
