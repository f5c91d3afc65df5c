import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { useNavigate } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import {
  SUBMIT_STATUS,
  type QueueOrder,
  type QueuedOrder,
  type SubmitQueueInput,
  type SubmitQueueMachine,
  type SubmitQueueSnapshot,
} from "../../../machines/submitQueue/submitQueue.machine.ts";
import {
  canLeaveQueue,
  isQueueFinished,
  myOrderTarget,
  selectPersisted,
  selectProgress,
  selectQueueRows,
  selectReceipt,
} from "../../../machines/submitQueue/submitQueue.selectors.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { Money } from "../../ui/Money.tsx";
import { cn } from "../../ui/cn.ts";
import { msg } from "@lingui/core/macro";
import { i18n } from "../../app/i18n.ts";
import { queryClient } from "../../app/queryClient.ts";
import { toasts } from "../../ui/toast.ts";
import { useSession } from "../session/index.ts";
import { selectUsername } from "../../../machines/session/session.selectors.ts";
import { cartQueries } from "./queries.ts";
import {
  boundSubmitQueueMachine,
  forgetStoredQueue,
  readStoredQueue,
  refreshAfterQueue,
  storeQueue,
} from "./submitQueue.ts";

/** The signed-in user a stored queue belongs to ("" until known). */
export const useQueueOwner = () => useSession(selectUsername, "");

/** Each queue run is a new dialog (its own actor). */
let nextRunId = 1;

export type { QueueOrder };

/**
 * The submission queue of a page (/saveItems, /myOrder): `start(orders)` reads the balance before and
 * opens the submit-progress dialog, which pays the orders one after another; a queue the tab was
 * running when it reloaded opens again by itself and goes on with the same keys. Render `dialog`.
 */
export function useSubmitQueue(): {
  start: (orders: QueueOrder[]) => Promise<void>;
  starting: boolean;
  running: boolean;
  dialog: ReactNode;
} {
  const username = useQueueOwner();
  const [run, setRun] = useState<{ input: SubmitQueueInput; id: number } | null>(null);
  const [starting, setStarting] = useState(false);

  // A queue this tab was running before a reload resumes (its orders keep their outcomes and keys):
  // looked for once the signed-in user is known (state adjusted while rendering, not in an effect).
  const [lookedFor, setLookedFor] = useState("");
  if (username && username !== lookedFor) {
    setLookedFor(username);
    const stored = run ? null : readStoredQueue(username);
    if (stored) setRun({ input: { resume: stored }, id: nextRunId++ });
  }

  const start = useCallback(async (orders: QueueOrder[]) => {
    if (orders.length === 0) return;
    setStarting(true);
    try {
      // The receipt's balance before is the account's balance now, not what the page showed earlier.
      const sum = await queryClient.fetchQuery({ ...cartQueries.sum([]), staleTime: 0 });
      setRun({
        input: { orders, balanceBeforeCents: sum.balanceCents, moneyType: sum.moneyType },
        id: nextRunId++,
      });
    } catch {
      // Nothing was sent: the user is told, and may try again.
      toasts.show("error", i18n._(msg`The balance could not be read; nothing was submitted.`));
    } finally {
      setStarting(false);
    }
  }, []);

  const end = useCallback(() => setRun(null), []);
  const dialog = run ? <OwnQueueDialog key={run.id} input={run.input} username={username} onEnd={end} /> : null;
  return { start, starting, running: run !== null, dialog };
}

/** A queue of the hook's own (the pending list): its actor lives as long as the dialog. */
function OwnQueueDialog({ input, ...rest }: { input: SubmitQueueInput; username: string; onEnd: () => void }) {
  const actor = useActorRef(boundSubmitQueueMachine, { input });
  return <QueueDialog actor={actor} {...rest} />;
}

/**
 * CART-019: the submit-progress dialog of a running queue (its own, or the one a page machine invoked),
 * each order with its state, then the receipt. Every change is kept in the tab's storage until the
 * user leaves; leaving by "my order" navigates (CART-020). `onEnd` is told when the queue has ended.
 */
export function QueueDialog({
  actor,
  username,
  onEnd,
}: {
  actor: ActorRefFrom<SubmitQueueMachine>;
  username: string;
  onEnd?: () => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const rows = useSelector(actor, selectQueueRows);
  const progress = useSelector(actor, selectProgress);
  const canLeave = useSelector(actor, canLeaveQueue);
  const finished = useSelector(actor, isQueueFinished);
  const receipt = useSelector(actor, selectReceipt);
  const target = useSelector(actor, myOrderTarget);

  // Every change is kept in the tab's storage until the user leaves the dialog.
  useEffect(() => {
    const keep = (s: SubmitQueueSnapshot) => {
      if (s.status === "active") storeQueue(username, selectPersisted(s));
    };
    keep(actor.getSnapshot());
    const subscription = actor.subscribe(keep);
    return () => subscription.unsubscribe();
  }, [actor, username]);

  useEffect(() => {
    if (finished) refreshAfterQueue();
  }, [finished]);

  useEffect(() => {
    const subscription = actor.subscribe((s) => {
      if (s.status !== "done") return;
      forgetStoredQueue();
      onEnd?.();
      // CART-020: my order goes to /myOrder when an order failed, else to /underProduction
      if (s.value === "leaving") void navigate({ to: myOrderTarget(s) });
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate, onEnd]);

  const close = () => actor.send({ type: "user.close" });

  return (
    <Modal
      open
      // CART-029: Escape, the overlay and the close button only close once every order is done
      onClose={close}
      closeDisabled={!canLeave}
      width={640}
      testId="submit-queue"
      title={<Trans>Submitting orders</Trans>}
      description={
        finished ? (
          <Trans>Every order has its outcome.</Trans>
        ) : (
          <Trans>
            {progress.done} of <Plural value={progress.total} one="# order" other="# orders" /> done. Orders are
            submitted one after another.
          </Trans>
        )
      }
      footer={
        <>
          <Button variant="outline" disabled={!canLeave} onClick={close}>
            <Trans>Close</Trans>
          </Button>
          <Button disabled={!canLeave} onClick={() => actor.send({ type: "user.openMyOrders" })}>
            <Trans>My order</Trans>
          </Button>
        </>
      }
    >
      <ol aria-label={t`Orders submitted`} className="divide-y divide-slate-200 rounded border border-slate-200">
        {rows.map((order) => (
          <QueueRow key={order.id} order={order} moneyType={receipt.moneyType} />
        ))}
      </ol>
      {finished && (
        <section
          aria-label={t`Receipt`}
          className="mt-6 space-y-3 rounded bg-slate-50 p-4 text-sm"
          data-testid="receipt"
        >
          <h3 className="font-semibold text-brand">
            <Trans>Receipt</Trans>
          </h3>
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
            <dt>
              <Plural value={receipt.paid.length} one="Paid (# order)" other="Paid (# orders)" />
            </dt>
            <dd className="text-right">
              <Money cents={receipt.paidTotalCents} currency={receipt.moneyType} />
            </dd>
            <dt>
              <Trans>Balance before</Trans>
            </dt>
            <dd className="text-right">
              <Money cents={receipt.balanceBeforeCents} currency={receipt.moneyType} />
            </dd>
            <dt>
              <Trans>Balance after</Trans>
            </dt>
            <dd className="text-right" data-testid="balance-after">
              {receipt.balanceAfterCents === null ? (
                <Trans>Not known: reload the page to see it</Trans>
              ) : (
                <Money cents={receipt.balanceAfterCents} currency={receipt.moneyType} />
              )}
            </dd>
          </dl>
          {receipt.alreadyPaid.length > 0 && (
            <div data-testid="already-paid">
              <h4 className="font-medium text-slate-800">
                <Plural
                  value={receipt.alreadyPaid.length}
                  one="Already paid before (# order)"
                  other="Already paid before (# orders)"
                />
              </h4>
              <ul className="mt-1 list-disc pl-5" aria-label={t`Orders already paid`}>
                {receipt.alreadyPaid.map((order) => (
                  <li key={order.id}>
                    <Trans>{orderName(order)}: paid before (for example in another tab), not charged again</Trans>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {receipt.failed.length > 0 && (
            <div>
              <h4 className="font-medium text-red-800">
                <Plural value={receipt.failed.length} one="Not paid (# order)" other="Not paid (# orders)" />
              </h4>
              <ul className="mt-1 list-disc pl-5" aria-label={t`Orders not paid`}>
                {receipt.failed.map((order) => (
                  <li key={order.id}>
                    {orderName(order)}: {order.message ?? <Trans>no answer from the server</Trans>}
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-slate-700">
                {target === "/myOrder" && <Trans>Orders not paid wait in My order (pending).</Trans>}
              </p>
            </div>
          )}
        </section>
      )}
    </Modal>
  );
}

/** Whom and what an order is for, as the queue and the receipt name it: "Jane Doe · Shirt" (issue 20). */
const orderDescription = (order: Pick<QueuedOrder, "customer" | "garment">) =>
  [order.customer, order.garment].filter((part) => part !== "").join(" · ");

/** An order as the receipt names it: "MTM2026… · Jane Doe · Shirt". */
const orderName = (order: Pick<QueuedOrder, "code" | "customer" | "garment">) =>
  [order.code, orderDescription(order)].filter((part) => part !== "").join(" · ");

/** CART-025: 0 waiting, 1 uploading, 2 success, 3 failed with the server's message (CART-027, CART-028). */
function QueueRow({ order, moneyType }: { order: QueuedOrder; moneyType: string }) {
  const label = (() => {
    switch (order.status) {
      case SUBMIT_STATUS.waiting:
        return <Trans>Waiting</Trans>;
      case SUBMIT_STATUS.uploading:
        return <Trans>Submitting…</Trans>;
      case SUBMIT_STATUS.success:
        return <Trans>Paid</Trans>;
      case SUBMIT_STATUS.alreadyPaid:
        return <Trans>Already paid</Trans>;
      default:
        return order.message ? <Trans>Failed: {order.message}</Trans> : <Trans>Failed</Trans>;
    }
  })();
  return (
    <li
      className="flex items-center justify-between gap-4 px-4 py-2 text-sm"
      data-testid="queue-row"
      data-status={order.status}
    >
      <span>
        <span className="block font-medium">{order.code}</span>
        <span className="block text-xs text-slate-600">{orderDescription(order)}</span>
      </span>
      <Money cents={order.priceCents} currency={moneyType} className="text-slate-700" />
      <span
        className={cn(
          "min-w-40 text-right",
          order.status === SUBMIT_STATUS.success && "text-green-800",
          order.status === SUBMIT_STATUS.failed && "text-red-800",
        )}
        aria-live="polite"
      >
        {label}
      </span>
    </li>
  );
}
