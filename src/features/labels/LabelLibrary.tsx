import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ALLOWED_LABEL_COLOURS,
  DEFAULT_LABEL_COLOUR,
  firstLabelRefusal,
  MAX_LABEL_LENGTH,
  type LabelRefusal,
} from "./rules.ts";
import { Button } from "../../ui/Button.tsx";
import { ConfirmDialog, Modal } from "../../ui/Dialog.tsx";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { RadioGroup } from "../../ui/RadioGroup.tsx";
import { toasts } from "../../ui/toast.ts";
import { LabelChip, type LabelView } from "./LabelChip.tsx";
import { failureText, LABEL_TEXT, labelColourName, labelRefusalText } from "./messages.ts";
import { createLabel, labelQueries, refreshAfterLabelChange, removeLabel } from "./queries.ts";

/**
 * The label library (LABEL-001..022): the caller's labels, each with delete (LABEL-009 warns that every
 * order marked with it loses it), and the form of a new label: one of the nine colours or the default
 * #D87508 (LABEL-003, LABEL-004) and a text, both required (LABEL-006, LABEL-007). Every outcome is a
 * toast with the server's message or the documented fallback (LABEL-014..022).
 */
export function LabelLibraryModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const labels = useQuery({ ...labelQueries.list(), enabled: open });
  const [color, setColor] = useState<string>(DEFAULT_LABEL_COLOUR);
  const [content, setContent] = useState("");
  const [refusal, setRefusal] = useState<LabelRefusal | null>(null);
  const [deleting, setDeleting] = useState<LabelView | null>(null);

  const create = useMutation({
    mutationFn: createLabel,
    onSuccess: ({ message }) => {
      // LABEL-018
      toasts.show("success", message || i18n._(LABEL_TEXT.created));
      setContent("");
      setRefusal(null);
    },
    // LABEL-014: the server's message; LABEL-015: the fallback
    onError: (error) => toasts.show("error", failureText(error, LABEL_TEXT.updateFailed)),
    onSettled: () => refreshAfterLabelChange(queryClient),
  });
  const remove = useMutation({
    mutationFn: removeLabel,
    onSuccess: () => {
      // LABEL-022 (LABEL-019 is the server's message of the same call)
      toasts.show("success", i18n._(LABEL_TEXT.deletedFromLibrary));
      setDeleting(null);
    },
    // LABEL-016
    onError: (error) => toasts.show("error", failureText(error, LABEL_TEXT.deleteFailed)),
    onSettled: () => refreshAfterLabelChange(queryClient),
  });

  const submit = () => {
    const found = firstLabelRefusal({ color, content });
    setRefusal(found);
    if (!found) create.mutate({ color, content: content.trim() });
  };
  const colourError = refusal?.field === "color" ? labelRefusalText(refusal) : null;
  const contentError = refusal?.field === "content" ? labelRefusalText(refusal) : null;
  const preview = content.trim() || t`Label`;

  return (
    <>
      <Modal open={open} onClose={onClose} width={560} title={<Trans>Label library</Trans>} testId="label-library">
        <section aria-labelledby="label-library-list">
          <h3 id="label-library-list" className="mb-2 text-sm font-semibold text-slate-800">
            <Trans>Your labels</Trans>
          </h3>
          {labels.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              <Trans>Loading labels…</Trans>
            </p>
          ) : labels.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {failureText(labels.error, LABEL_TEXT.updateFailed)}
            </p>
          ) : labels.data.length === 0 ? (
            <p className="text-sm text-slate-600">
              <Trans>No labels yet. Create one below.</Trans>
            </p>
          ) : (
            <ul className="flex max-h-60 flex-col gap-2 overflow-auto" data-testid="label-library-list">
              {labels.data.map((label) => (
                <li key={label.id} className="flex items-center justify-between gap-3">
                  <LabelChip label={label} />
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t`Delete the label ${label.content}`}
                    onClick={() => setDeleting(label)}
                  >
                    <Trans>Delete</Trans>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <form
          className="mt-6 space-y-4 border-t border-slate-200 pt-4"
          aria-labelledby="label-library-new"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <h3 id="label-library-new" className="text-sm font-semibold text-slate-800">
            <Trans>New label</Trans>
          </h3>
          {/* issue 20: the label's colour (its text's colour follows from it, LABEL-005) */}
          <Field id="label-colour" label={<Trans>Label colour</Trans>} group error={colourError} required>
            {(control) => (
              <RadioGroup
                {...control}
                id="label-colour"
                value={color}
                onValueChange={(value) => {
                  setColor(value);
                  setRefusal(null);
                }}
                className="flex-wrap"
                options={ALLOWED_LABEL_COLOURS.map((colour) => ({
                  value: colour,
                  label: (
                    <span className="inline-flex items-center gap-1">
                      <span
                        aria-hidden="true"
                        className="inline-block h-5 w-5 rounded ring-1 ring-slate-300"
                        style={{ backgroundColor: colour }}
                      />
                      {/* issue 20: heard by the colour's name, not its hex code */}
                      <span className="sr-only">{labelColourName(colour, colour === DEFAULT_LABEL_COLOUR)}</span>
                    </span>
                  ),
                }))}
              />
            )}
          </Field>
          <Field
            id="label-content"
            label={<Trans>Label text</Trans>}
            error={contentError}
            required
            hint={<Trans>At most {MAX_LABEL_LENGTH} characters.</Trans>}
          >
            {(control, invalid) => (
              <input
                {...control}
                className={controlVariants({ invalid })}
                value={content}
                maxLength={MAX_LABEL_LENGTH}
                placeholder={t`fill content`}
                onChange={(event) => {
                  setContent(event.target.value);
                  setRefusal(null);
                }}
              />
            )}
          </Field>
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm text-slate-700">
              <Trans>Preview:</Trans> <LabelChip label={{ id: 0, content: preview, color }} />
            </p>
            <Button type="submit" pending={create.isPending}>
              <Trans>Create label</Trans>
            </Button>
          </div>
        </form>
      </Modal>
      {/* LABEL-009 */}
      <ConfirmDialog
        open={deleting !== null}
        title={<Trans>Delete the label {deleting?.content}?</Trans>}
        description={<Trans>All orders marked with this label will lose it.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
        testId="label-delete-confirm"
      />
    </>
  );
}

/** The button that opens the label library (on the order lists' toolbars). */
export function LabelLibraryButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Trans>Labels</Trans>
      </Button>
      {open ? <LabelLibraryModal open onClose={() => setOpen(false)} /> : null}
    </>
  );
}
