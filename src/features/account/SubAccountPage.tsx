import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { Link } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Notice } from "../../../machines/shared/messages.ts";
import type { BalanceMessageKey } from "../../../machines/balanceDistribution/balanceDistribution.machine.ts";
import {
  cardOf,
  hasFailed,
  isBusy,
  isLoading,
  ringOf,
  selectChildren,
  selectDone,
  selectModal,
  selectRefusal,
  selectSelf,
  selectTogglingId,
  type SubAccountRow,
} from "../../../machines/balanceDistribution/balanceDistribution.selectors.ts";
import { Button, pendingPress } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { Money, useFormatMoney } from "../../ui/Money.tsx";
import { SearchForm } from "../../ui/list/SearchForm.tsx";
import { LoadingStatus } from "../../ui/RouteStatus.tsx";
import { toasts } from "../../ui/toast.ts";
import { billingQueries, SignedPrice } from "../billing/index.ts";
import { boundBalanceMachine } from "./balanceMachine.ts";
import { inspectFlow } from "../../app/liveFlows.ts";
import { MonthlyLimitDialog } from "./MonthlyLimitDialog.tsx";

type Actor = ReturnType<typeof useActorRef<typeof boundBalanceMachine>>;

/** SUB-006: the balance ring, usableAmount / totalAmount. */
function Ring({ share, label }: { share: number; label: string }) {
  const r = 34;
  const length = 2 * Math.PI * r;
  return (
    <svg width="84" height="84" viewBox="0 0 84 84" role="img" aria-label={label} data-share={share.toFixed(4)}>
      <circle cx="42" cy="42" r={r} fill="none" stroke="#e2e8f0" strokeWidth="8" />
      <circle
        cx="42"
        cy="42"
        r={r}
        fill="none"
        stroke="#0f766e"
        strokeWidth="8"
        strokeDasharray={`${share * length} ${length}`}
        transform="rotate(-90 42 42)"
      />
      <text x="42" y="47" textAnchor="middle" fontSize="14" fill="#0f172a">
        {Math.round(share * 100)}%
      </text>
    </svg>
  );
}

/** Issue 22: the child's last five movements, newest first, each linked to its billing rows. */
function RecentMovements({ row, currency }: { row: SubAccountRow; currency: string }) {
  const { t, i18n } = useLingui();
  const dealItems = useQuery(billingQueries.dealItems());
  const { recent } = cardOf(row);
  const nameOf = (dealItem: number) => dealItems.data?.find((item) => item.dealItem === dealItem)?.name ?? "";
  const dateOf = (iso: string) => new Date(iso).toLocaleDateString(i18n.locale === "zh" ? "zh-CN" : "en-US");
  return (
    <section aria-label={t`Last movements of ${row.username}`} data-testid="recent-movements">
      <h3 className="mb-1 text-sm font-medium text-slate-700">
        <Trans>Last movements</Trans>
      </h3>
      {recent.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>No movements yet</Trans>
        </p>
      ) : (
        <ol className="divide-y divide-slate-100 text-sm">
          {recent.map((movement) => (
            <li key={movement.id} className="flex items-center justify-between gap-2 py-1">
              <Link
                to="/billing"
                search={{ transferId: movement.transferId }}
                className="truncate text-brand underline-offset-2 hover:underline"
              >
                {nameOf(movement.dealItem)} <span className="text-slate-600">{dateOf(movement.dealDate)}</span>
              </Link>
              <SignedPrice price={movement.price} currency={currency} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ChildCard({ row, actor, currency }: { row: SubAccountRow; actor: Actor; currency: string }) {
  const { t } = useLingui();
  const format = useFormatMoney();
  const card = cardOf(row);
  const limit = card.limit ? format({ amount: card.limit.limit, currency }) : "";
  const left = card.limit ? format({ amount: card.limit.left, currency }) : "";
  const togglingId = useSelector(actor, selectTogglingId);
  const busy = useSelector(actor, isBusy);
  const [limitOpen, setLimitOpen] = useState(false);
  const startNoLimit = useRef<HTMLButtonElement>(null);
  const endNoLimit = useRef<HTMLButtonElement>(null);
  const pressedNoLimit = useNoLimitFocus(row.noLimit, startNoLimit, endNoLimit);
  const on = row.status === 1;
  const usable = format({ amount: row.usableAmount, currency });
  const total = format({ amount: row.totalAmount, currency });
  return (
    <li
      className="flex flex-col gap-3 rounded-md border border-slate-200 bg-white p-4"
      data-testid={`child-${row.username}`}
    >
      <div className="flex items-center justify-between">
        <h2 className="font-semibold text-slate-900">{row.username}</h2>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-label={t`${row.username} switched on`}
          // while a call runs the switch ignores presses but keeps the keyboard's focus (as Button's `pending`)
          {...pendingPress(togglingId === row.id || busy, () =>
            actor.send({ type: "user.toggleStatus", memberId: row.id }),
          )}
          className={`relative h-6 w-11 rounded-full transition-colors aria-disabled:opacity-60 ${on ? "bg-teal-700" : "bg-slate-400"}`}
        >
          <span
            className={`absolute top-0.5 h-5 w-5 rounded-full bg-white transition-all ${on ? "left-5" : "left-0.5"}`}
          />
        </button>
      </div>
      <div className="flex items-center gap-4">
        <Ring share={ringOf(row)} label={t`Usable ${usable} of ${total}`} />
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">
            <Trans>Usable</Trans>
          </dt>
          <dd data-testid="usable">
            <Money amount={row.usableAmount} currency={currency} />
          </dd>
          <dt className="text-slate-600">
            <Trans>Allocated</Trans>
          </dt>
          <dd>
            <Money amount={row.allocatedAmount} currency={currency} />
          </dd>
          <dt className="text-slate-600">
            <Trans>Used</Trans>
          </dt>
          <dd>
            <Money amount={row.amountUsed} currency={currency} />
          </dd>
          <dt className="text-slate-600">
            <Trans>Available</Trans>
          </dt>
          <dd data-testid="available">
            <Money amount={card.available} currency={currency} />
          </dd>
          <dt className="text-slate-600">
            <Trans>Reserved</Trans>
          </dt>
          <dd data-testid="reserved">
            <Money amount={card.reserved} currency={currency} />
          </dd>
        </dl>
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-700" data-testid="monthly-limit">
          {card.limit ? (
            <Trans>
              Monthly limit {limit}: {left} left this month
            </Trans>
          ) : (
            <Trans>No monthly limit</Trans>
          )}
        </p>
        <Button
          variant="link"
          size="sm"
          className="shrink-0 p-0 underline"
          pending={busy}
          aria-label={card.limit ? t`Change limit for ${row.username}` : t`Set a limit for ${row.username}`}
          onClick={() => setLimitOpen(true)}
        >
          {card.limit ? <Trans>Change limit</Trans> : <Trans>Set a limit</Trans>}
        </Button>
      </div>
      {limitOpen && (
        <MonthlyLimitDialog
          child={row}
          currency={currency}
          onClose={() => setLimitOpen(false)}
          onSaved={(saved, message) => {
            actor.send({ type: "api.limitSaved", row: saved });
            setLimitOpen(false);
            toasts.show("success", message);
          }}
        />
      )}
      <RecentMovements row={row} currency={currency} />
      {row.noLimit === 1 && (
        <p className="text-sm font-semibold text-teal-800">
          <Trans>No limit: orders are paid from the main account</Trans>{" "}
          <Button
            variant="link"
            size="sm"
            className="p-0 underline"
            pending={busy}
            ref={endNoLimit}
            onClick={() => {
              pressedNoLimit();
              actor.send({ type: "user.endNoLimit", memberId: row.id });
            }}
          >
            <Trans>End no limit</Trans>
          </Button>
        </p>
      )}
      <div className="flex gap-2">
        <Button
          size="sm"
          pending={busy}
          onClick={() => actor.send({ type: "user.open", action: "recharge", memberId: row.id })}
        >
          <Trans>Recharge</Trans>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          pending={busy}
          onClick={() => actor.send({ type: "user.open", action: "takeBack", memberId: row.id })}
        >
          <Trans>Take back</Trans>
        </Button>
        <Button
          size="sm"
          variant="outline"
          pending={busy}
          disabled={row.noLimit === 1}
          ref={startNoLimit}
          onClick={() => {
            pressedNoLimit();
            actor.send({ type: "user.open", action: "noLimit", memberId: row.id });
          }}
        >
          <Trans>No limit</Trans>
        </Button>
      </div>
    </li>
  );
}

/**
 * Issue 22: setting No limit leaves the focus on nothing (the confirmation closes and gives it back to No limit,
 * which is disabled by then), and so does ending it (End no limit goes away). When the user pressed one of them
 * and the focus is on nothing as the child's no-limit changes, it goes to the control that undoes the change,
 * so a keyboard user stays on the card. A change the user did not make here (another tab's) moves nothing.
 * Returns what the two buttons call when pressed.
 */
function useNoLimitFocus(
  noLimit: number,
  start: RefObject<HTMLElement | null>,
  end: RefObject<HTMLElement | null>,
): () => void {
  const pressed = useRef(false);
  // runs when no-limit changes (the refs stay the same); at mount nothing was pressed
  useEffect(() => {
    const active = document.activeElement;
    if (pressed.current && (active === null || active === document.body))
      (noLimit === 1 ? end : start).current?.focus();
    pressed.current = false;
  }, [noLimit, start, end]);
  return useCallback(() => {
    pressed.current = true;
  }, []);
}

function useNoticeText() {
  const { t } = useLingui();
  return (notice: Notice<BalanceMessageKey>): string => {
    switch (notice.key) {
      case "server":
        return notice.text;
      case "balance.amountRequired":
        return t`Please enter an amount`;
      case "balance.amountInvalid":
        return t`Enter a positive amount with at most two decimals`;
      case "balance.overstep":
        return t`Overstep`;
      case "balance.loadFailed":
        return t`The sub-accounts could not be loaded`;
      case "balance.statusFailed":
        return t`The switch could not be changed`;
      default:
        return t`The balance could not be moved`;
    }
  };
}

function BalanceModal({ actor, currency }: { actor: Actor; currency: string }) {
  const { t } = useLingui();
  const modal = useSelector(actor, selectModal);
  const refusal = useSelector(actor, selectRefusal);
  const noticeText = useNoticeText();
  const format = useFormatMoney();
  if (!modal) return null;
  const name = modal.child?.username ?? "";
  const title =
    modal.action === "recharge"
      ? t`Recharge ${name}`
      : modal.action === "takeBack"
        ? t`Take back from ${name}`
        : t`No limit for ${name}`;
  const limit = format({ cents: modal.limitCents, currency });
  const error = refusal && refusal.key !== "balance.overstep" ? noticeText(refusal) : null;
  return (
    <Modal
      open
      onClose={() => actor.send({ type: "user.cancel" })}
      title={title}
      width={460}
      testId="balance-modal"
      footer={
        <>
          <Button variant="outline" onClick={() => actor.send({ type: "user.cancel" })}>
            <Trans>Cancel</Trans>
          </Button>
          <Button disabled={!modal.canSubmit} onClick={() => actor.send({ type: "user.submit" })}>
            <Trans>Confirm</Trans>
          </Button>
        </>
      }
    >
      {modal.hasAmountField ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: "user.submit" });
          }}
        >
          <Field
            id="balance-amount"
            name="price"
            label={t`Amount (${currency})`}
            required
            outOfRange={modal.overstep}
            error={error}
            hint={
              modal.overstep ? (
                <Trans>Overstep: at most {limit}</Trans>
              ) : modal.action === "recharge" ? (
                <Trans>Distributable: {limit}</Trans>
              ) : (
                <Trans>Can be taken back: {limit}</Trans>
              )
            }
          >
            {(control, invalid) => (
              <input
                {...control}
                inputMode="decimal"
                autoFocus
                className={controlVariants({ invalid })}
                value={modal.amount}
                onChange={(e) => actor.send({ type: "user.changeAmount", amount: e.target.value })}
              />
            )}
          </Field>
        </form>
      ) : (
        <p className="text-sm text-slate-700">
          <Trans>
            From now on every order of {name} is paid from the main account's balance; a refund goes back to the main
            account.
          </Trans>
          {error && (
            <span role="alert" className="mt-2 block text-red-700">
              {error}
            </span>
          )}
        </p>
      )}
    </Modal>
  );
}

/**
 * The sub-account page (001 §2, SUB-001..008): breadcrumb, search by username, the distributable
 * amount, one card per child with its ring, switch and actions, and the balance modal, all through the
 * balanceDistribution machine.
 */
export function SubAccountPage({ currency }: { currency: string }) {
  const { t } = useLingui();
  const actor = useActorRef(boundBalanceMachine, { inspect: inspectFlow });
  const loading = useSelector(actor, isLoading);
  const failed = useSelector(actor, hasFailed);
  const self = useSelector(actor, selectSelf);
  const children = useSelector(actor, selectChildren);
  const refusal = useSelector(actor, selectRefusal);
  const done = useSelector(actor, selectDone);
  const modalOpen = useSelector(actor, (s) => selectModal(s) !== null);
  const noticeText = useNoticeText();
  const format = useFormatMoney();
  const queryClient = useQueryClient();

  // SUB-042: a refusal is an error toast; a success names the child and the amount.
  useEffect(() => {
    if (refusal && refusal.key !== "balance.overstep" && refusal.key !== "balance.amountRequired")
      toasts.show("error", noticeText(refusal));
  }, [refusal, noticeText]);
  useEffect(() => {
    if (!done) return;
    void queryClient.invalidateQueries({ queryKey: ["account"] });
    const amount = done.amount ? format({ amount: done.amount.trim(), currency }) : "";
    toasts.show(
      "success",
      done.action === "recharge"
        ? t`${done.username} recharged with ${amount}`
        : done.action === "takeBack"
          ? t`${amount} taken back from ${done.username}`
          : t`${done.username} now has no limit`,
    );
  }, [done, format, currency, t, queryClient]);

  return (
    <main className="mx-auto max-w-6xl px-6 py-8">
      <nav aria-label={t`Breadcrumb`} className="mb-4 text-sm">
        <ol className="flex items-center gap-2 text-slate-600">
          <li>
            <Link to="/user" className="text-brand underline-offset-2 hover:underline">
              <Trans>Individual account</Trans>
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-slate-900">
            <Trans>Sub account</Trans>
          </li>
        </ol>
      </nav>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-semibold text-brand">
          <Trans>Sub-accounts</Trans>
        </h1>
        <SearchForm
          id="sub-search"
          label={<Trans>Username</Trans>}
          labelHidden
          formLabel={t`Search sub-accounts`}
          placeholder={t`Search by username`}
          initial=""
          onSubmit={(username) => actor.send({ type: "user.search", username })}
        >
          <Link to="/allocationDetails" className="ml-4 text-sm text-brand underline">
            <Trans>Allocation details</Trans>
          </Link>
        </SearchForm>
      </div>
      {loading && !self ? (
        // not RoutePending: that is a page of its own (a main 1280 px wide), and this is inside one
        <LoadingStatus />
      ) : failed ? (
        <div role="alert" className="text-red-700">
          {refusal ? noticeText(refusal) : null}{" "}
          <Button variant="outline" onClick={() => actor.send({ type: "user.retry" })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <>
          <section className="mb-6 rounded-md border border-slate-200 bg-white p-6" data-testid="distributable">
            <h2 className="text-sm font-medium text-slate-700">
              <Trans>Distributable amount</Trans>
            </h2>
            {self && (
              <Money amount={self.balance} currency={currency} className="text-2xl font-semibold text-slate-900" />
            )}
          </section>
          {children.length === 0 ? (
            <p className="text-slate-700">
              <Trans>No sub-accounts</Trans>
            </p>
          ) : (
            <ul className="grid grid-cols-3 gap-4">
              {children.map((row) => (
                <ChildCard key={row.id} row={row} actor={actor} currency={currency} />
              ))}
            </ul>
          )}
        </>
      )}
      {modalOpen && <BalanceModal actor={actor} currency={currency} />}
    </main>
  );
}
