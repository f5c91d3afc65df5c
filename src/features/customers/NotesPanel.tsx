import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { components } from "../../../openapi/portal.d.ts";
import { CUSTOMER_DETAIL_PAGE_SIZE, CUSTOMER_NOTE_TYPE } from "./rules.ts";
import { unwrapWithMessage } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { isApiError } from "../../api/errors.ts";
import { currentLocale } from "../../app/i18n.ts";
import { Button } from "../../ui/Button.tsx";
import { ConfirmDialog, Modal } from "../../ui/Dialog.tsx";
import { controlVariants, Field } from "../../ui/Field.tsx";
import { formatDateTime } from "../../ui/dates.ts";
import { Pagination } from "../../ui/Pagination.tsx";
import { toasts } from "../../ui/toast.ts";
import { customerQueries } from "./queries.ts";

type Note = components["schemas"]["CustomerNote"];

/** A moment as the date and time inputs show it, in the browser's time zone. */
function localParts(iso: string | null): { date: string; time: string } {
  if (!iso) return { date: "", time: "" };
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/** CUST-016, CUST-017: the appointment modal (add or edit, with date and time) and the note modal (add). */
function NoteModal(props: { customerId: number; type: 1 | 2; note: Note | null; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const initial = localParts(props.note?.appointmentDate ?? null);
  const [content, setContent] = useState(props.note?.content ?? "");
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [error, setError] = useState<{ field: "content" | "date"; text: string } | null>(null);
  const appointment = props.type === CUSTOMER_NOTE_TYPE.appointment;
  const save = useMutation({
    mutationFn: async () =>
      unwrapWithMessage(
        await api.POST("/pc/customer/saveCustomerNote", {
          body: {
            ...(props.note ? { id: props.note.id } : {}),
            content,
            type: props.type,
            customerId: props.customerId,
            appointmentDate: appointment ? new Date(`${date}T${time}`).toISOString() : null,
          },
        }),
      ),
    onSuccess: async ({ message }) => {
      toasts.show("success", message);
      await queryClient.invalidateQueries({ queryKey: ["customers", "notes", props.customerId] });
      props.onClose();
    },
    onError: (e) => {
      const text = isApiError(e) && e.message ? e.message : t`Could not be saved.`;
      setError({ field: "content", text });
      toasts.show("error", text);
    },
  });
  const submit = () => {
    if (!content.trim()) return setError({ field: "content", text: t`Please fill in the content` });
    if (appointment && (!date || !time))
      return setError({ field: "date", text: t`Please choose the appointment date and time` });
    save.mutate();
  };
  const title = appointment ? (props.note ? t`Edit appointment` : t`Add appointment`) : t`Add note`;
  return (
    <Modal
      open
      onClose={props.onClose}
      width={520}
      title={title}
      testId="customer-note-modal"
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={submit} pending={save.isPending} data-testid="customer-note-save">
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {appointment ? (
          <div className="grid grid-cols-2 gap-3">
            <Field id="note-date" label={t`Date`} required error={error?.field === "date" ? error.text : null}>
              {(control, invalid) => (
                <input
                  {...control}
                  type="date"
                  className={controlVariants({ invalid })}
                  value={date}
                  onChange={(e) => setDate(e.target.value)}
                />
              )}
            </Field>
            <Field id="note-time" label={t`Time`} required>
              {(control, invalid) => (
                <input
                  {...control}
                  type="time"
                  className={controlVariants({ invalid })}
                  value={time}
                  onChange={(e) => setTime(e.target.value)}
                />
              )}
            </Field>
          </div>
        ) : null}
        <Field id="note-content" label={t`Content`} required error={error?.field === "content" ? error.text : null}>
          {(control, invalid) => (
            <textarea
              {...control}
              rows={4}
              maxLength={2000}
              className={controlVariants({ invalid })}
              value={content}
              onChange={(e) => {
                setContent(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
      </div>
    </Modal>
  );
}

/**
 * CUST-014, CUST-015, CUST-034, CUST-047: a customer's appointments (add, edit) or notes (add,
 * delete after a confirmation), 20 a page.
 */
export function NotesPanel({ customerId, type }: { customerId: number; type: 1 | 2 }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Note | "new" | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const notes = useQuery(customerQueries.notes(customerId, type, page));
  const remove = useMutation({
    mutationFn: async (id: number) =>
      unwrapWithMessage(await api.DELETE("/pc/customer/deleteCustomerNote", { params: { query: { id } } })),
    onSuccess: async ({ message }) => {
      toasts.show("success", message);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: ["customers", "notes", customerId] });
    },
    onError: (e) => toasts.show("error", isApiError(e) ? e.message : t`Could not be deleted.`),
  });
  const appointment = type === CUSTOMER_NOTE_TYPE.appointment;
  const rows = notes.data?.rows ?? [];
  return (
    <section aria-labelledby={`notes-${type}`} className="rounded-md border border-slate-200 bg-white p-5">
      <div className="mb-3 flex items-center justify-between">
        <h2 id={`notes-${type}`} className="text-lg font-semibold text-brand">
          {appointment ? <Trans>Appointments</Trans> : <Trans>Notes</Trans>}
        </h2>
        <Button size="sm" onClick={() => setEditing("new")} data-testid={appointment ? "appointment-add" : "note-add"}>
          {appointment ? <Trans>Add appointment</Trans> : <Trans>Add note</Trans>}
        </Button>
      </div>
      {notes.isSuccess && rows.length === 0 ? (
        <p className="text-sm text-slate-700">
          {appointment ? <Trans>No appointments yet.</Trans> : <Trans>No notes yet.</Trans>}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100" data-testid={appointment ? "appointment-list" : "note-list"}>
        {rows.map((note) => (
          <li key={note.id} className="flex items-start gap-3 py-2 text-sm">
            <div className="flex-1">
              {note.appointmentDate ? (
                <p className="font-medium text-slate-900">{formatDateTime(note.appointmentDate, currentLocale())}</p>
              ) : (
                <p className="text-xs text-slate-600">{formatDateTime(note.createTime, currentLocale())}</p>
              )}
              <p className="whitespace-pre-wrap text-slate-800">{note.content}</p>
            </div>
            {appointment ? (
              <Button size="sm" variant="outline" onClick={() => setEditing(note)}>
                <Trans>Edit</Trans>
              </Button>
            ) : (
              <Button size="sm" variant="outline" onClick={() => setDeleting(note)}>
                <Trans>Delete</Trans>
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={Math.ceil((notes.data?.total ?? 0) / CUSTOMER_DETAIL_PAGE_SIZE)}
        onPageChange={setPage}
        className="mt-3"
      />
      {editing ? (
        <NoteModal
          customerId={customerId}
          type={type}
          note={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete this note?`}
        description={t`The note is deleted for good.`}
        confirmLabel={t`Delete`}
        cancelLabel={t`Cancel`}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
        testId="note-delete-confirm"
      />
    </section>
  );
}
