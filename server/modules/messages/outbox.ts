import nodemailer, { type Transporter, type TransportOptions } from "nodemailer";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { withTransaction } from "../../db/transaction.ts";
import { messagesRepository, type OutboxRow } from "./repository.ts";

/**
 * The contact form's outbox (issue 25, CONTACT-008): every message is stored first (`contact_outbox`), then sent
 * through SMTP (`SMTP_URL`). A row is claimed with FOR UPDATE SKIP LOCKED and leased (its next attempt pushed
 * ahead by the backoff) in a short transaction, sent outside it, then marked sent (or its error kept). So any
 * number of server processes share the outbox without sending a row twice at once, a mail server that is down
 * loses nothing (the row is tried again after its backoff), and a process that dies while sending leaves the
 * row to the next attempt. Without `SMTP_URL` the rows wait in the outbox (README.md, "Contact form").
 */

export type MailSender = Pick<Transporter, "sendMail">;

export interface MailConfig {
  smtpUrl?: string;
  mailFrom: string;
  contactMailTo: string;
}

const transports = new Map<string, Transporter>();

/** The SMTP transport of `SMTP_URL` (one per URL and process), or undefined when none is configured. */
export function mailTransport(config: Pick<MailConfig, "smtpUrl">): MailSender | undefined {
  if (!config.smtpUrl) return undefined;
  let transport = transports.get(config.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(config.smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as TransportOptions);
    transports.set(config.smtpUrl, transport);
  }
  return transport;
}

/** The mail of one outbox row: plain text only (HTML in the message is text), the customer as Reply-To. */
function mailOf(row: OutboxRow, config: MailConfig, account: string | undefined) {
  const sender = account === undefined ? "" : `Account: ${account}\n`;
  return {
    from: config.mailFrom,
    to: config.contactMailTo,
    replyTo: { name: row.customerName, address: row.customerEmail },
    subject: `Contact form: ${row.customerName}`.replace(/[\r\n]+/g, " "),
    text: `From: ${row.customerName} <${row.customerEmail}>\n${sender}Sent: ${row.createdAt.toISOString()}\n\n${row.content}\n`,
  };
}

/**
 * Sends the due rows of the outbox (or only row `id`): claimed and leased in one short transaction, then sent one
 * by one. Answers how many were sent and how many failed (each failure kept in `last_error`, retried later).
 */
export async function deliverDue(
  db: Db,
  sender: MailSender,
  config: MailConfig,
  now: Date,
  opts: { id?: number; limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const repository = messagesRepository(db);
  const claimed = await withTransaction(db, (tx) => repository.claimDue(now, opts.limit ?? 20, opts.id, tx));
  const accounts = await repository.senderNames([
    ...new Set(claimed.flatMap((row) => (row.memberId === null ? [] : [row.memberId]))),
  ]);
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      await sender.sendMail(mailOf(row, config, row.memberId === null ? undefined : accounts.get(row.memberId)));
      await repository.markSent(row.id, new Date());
      sent++;
    } catch (error) {
      await repository.markFailed(row.id, error instanceof Error ? error.message : String(error));
      failed++;
    }
  }
  return { sent, failed };
}

/**
 * Tries the outbox every `OUTBOX_RETRY_SECONDS` (and once at start) while `SMTP_URL` is set; answers the function
 * that stops it and waits for a run under way (the server's graceful stop calls it). A run that fails is logged;
 * the next one tries again.
 */
export function startOutbox(
  db: Db,
  config: Pick<Config, "smtpUrl" | "mailFrom" | "contactMailTo" | "outboxRetrySeconds">,
  log: (error: unknown) => void,
): () => Promise<void> {
  const sender = mailTransport(config);
  if (!sender || config.outboxRetrySeconds <= 0) return async () => {};
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= deliverDue(db, sender, config, new Date())
      .then(() => undefined, log)
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, config.outboxRetrySeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
