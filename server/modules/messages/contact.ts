import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { MessageKey } from "../../i18n.ts";
import { CONTACT_LIMITS, firstContactRefusal, type ContactRefusal } from "../../../domain/messages.ts";
import { deliverDue, mailTransport } from "./outbox.ts";
import { messagesRepository } from "./repository.ts";

type RefusalName = { [R in ContactRefusal as R["field"]]: `${R["field"]}.${R["reason"]}` }[ContactRefusal["field"]];

const REFUSALS: Record<RefusalName, [MessageKey, Record<string, number>]> = {
  "customerName.required": ["contact.nameRequired", {}],
  "customerName.tooLong": ["contact.nameTooLong", { max: CONTACT_LIMITS.name }],
  "customerEmail.required": ["contact.emailRequired", {}],
  "customerEmail.format": ["contact.emailFormat", {}],
  "content.required": ["contact.contentRequired", {}],
  "content.tooLong": ["contact.contentTooLong", { max: CONTACT_LIMITS.content }],
};

/**
 * CONTACT-008: the contact form. Checked as the form checks it (CONTACT-003..007, `firstContactRefusal`: HTTP 400,
 * nothing stored), stored in the outbox with the signed-in account that sent it (none for a visitor), then sent at once when a mail server is configured; a mail server that
 * cannot take it now leaves it in the outbox, retried later (`sent: false`). The message is kept as text.
 */
export async function sendContact(
  db: Db,
  config: Config,
  form: { customerName?: string; customerEmail?: string; content?: string },
  from: { address: string; memberId?: number },
): Promise<{ id: number; sent: boolean }> {
  const refusal = firstContactRefusal(form);
  if (refusal) {
    const [key, params] = REFUSALS[`${refusal.field}.${refusal.reason}` as RefusalName];
    throw new AppError(400, key, { ...params, field: refusal.field }, 400);
  }
  // Due at the moment the call claims it at: the database's own now() (microseconds, and taken when the insert
  // began) could be after the process's clock read here, and the message would wait for the retry loop.
  const now = new Date();
  const id = await messagesRepository(db).insertOutbox({
    customerName: form.customerName!.trim(),
    customerEmail: form.customerEmail!.trim(),
    content: form.content!.trim(),
    address: from.address,
    memberId: from.memberId ?? null,
    nextAttemptAt: now,
  });
  const sender = mailTransport(config);
  if (!sender) return { id, sent: false };
  const { sent } = await deliverDue(db, sender, config, now, { id });
  return { id, sent: sent === 1 };
}
