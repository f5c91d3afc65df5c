import { useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CONTACT_LIMITS, firstContactRefusal, type ContactForm, type ContactRefusal } from "./rules.ts";
import { Button } from "../../ui/Button.tsx";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { LimitedTextarea } from "../../ui/LimitedTextarea.tsx";
import { toasts } from "../../ui/toast.ts";
import { sendContactMessage } from "./queries.ts";

const EMPTY: ContactForm = { customerName: "", customerEmail: "", content: "" };

/**
 * Contact us (001 §2, CONTACT-001..009; open to visitors): name, e-mail and message and a send button
 * (CONTACT-001). The checks run in the documented order (CONTACT-003..007, `firstContactRefusal`, the same the
 * server runs): the first refusal is shown under its field, which is focused. The form sends customerName,
 * customerEmail and content (CONTACT-002, CONTACT-008); a failed send shows the error (CONTACT-009).
 */
export function ContactPage() {
  const { t } = useLingui();
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [refusal, setRefusal] = useState<ContactRefusal | null>(null);
  const [sending, setSending] = useState(false);
  const [sentNote, setSentNote] = useState("");
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);

  const messageOf = (r: ContactRefusal): string => {
    if (r.field === "customerName")
      return r.reason === "required"
        ? t`Please enter your name`
        : t`A name has at most ${CONTACT_LIMITS.name} characters`;
    if (r.field === "customerEmail") return r.reason === "required" ? t`Please enter your e-mail` : t`incorrect format`;
    return r.reason === "required"
      ? t`Please enter a message`
      : t`A message has at most ${CONTACT_LIMITS.content} characters`;
  };
  const errorOf = (field: ContactRefusal["field"]) => (refusal?.field === field ? messageOf(refusal) : null);
  const edit = (field: keyof ContactForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (refusal?.field === field) setRefusal(null);
  };

  const submit = async () => {
    const first = firstContactRefusal(form);
    setRefusal(first);
    setSentNote("");
    if (first) {
      ({ customerName: nameRef, customerEmail: emailRef, content: contentRef })[first.field].current?.focus();
      return;
    }
    setSending(true);
    try {
      const { message } = await sendContactMessage({
        customerName: form.customerName.trim(),
        customerEmail: form.customerEmail.trim(),
        content: form.content.trim(),
      });
      toasts.show("success", message);
      setSentNote(message);
      setForm(EMPTY);
    } catch (error) {
      // CONTACT-009: the error, as the server (or the network) says it.
      toasts.show("error", error instanceof Error && error.message ? error.message : t`The message could not be sent`);
    } finally {
      setSending(false);
    }
  };

  return (
    <main className="mx-auto w-full max-w-[720px] px-4 py-10" data-testid="contact-page">
      <h1 className="text-2xl font-semibold text-brand">
        <Trans>Contact us</Trans>
      </h1>
      <p className="mt-2 text-sm text-slate-700">
        <Trans>Questions about fabrics, orders or an account? Write to us and we answer by e-mail.</Trans>
      </p>
      <form
        className="mt-8 flex flex-col gap-5 rounded border border-slate-200 bg-white p-6"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field
          id="contact-name"
          name="customerName"
          label={<Trans>Name</Trans>}
          required
          error={errorOf("customerName")}
        >
          {(control, invalid) => (
            <input
              {...control}
              ref={nameRef}
              type="text"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              className={controlVariants({ invalid })}
              value={form.customerName}
              onChange={(event) => edit("customerName", event.target.value)}
            />
          )}
        </Field>
        <Field
          id="contact-email"
          name="customerEmail"
          label={<Trans>E-mail</Trans>}
          required
          error={errorOf("customerEmail")}
        >
          {(control, invalid) => (
            <input
              {...control}
              ref={emailRef}
              type="email"
              autoComplete="email"
              className={controlVariants({ invalid })}
              value={form.customerEmail}
              onChange={(event) => edit("customerEmail", event.target.value)}
            />
          )}
        </Field>
        <LimitedTextarea
          id="contact-content"
          name="content"
          label={<Trans>Message</Trans>}
          required
          rows={6}
          max={CONTACT_LIMITS.content}
          value={form.content}
          onChange={(value) => edit("content", value)}
          error={errorOf("content")}
          textareaRef={contentRef}
        />
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-green-800" role="status">
            {sentNote}
          </p>
          <Button type="submit" disabled={sending}>
            <Trans>Send</Trans>
          </Button>
        </div>
      </form>
    </main>
  );
}
