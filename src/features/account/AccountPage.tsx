import { useState, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../ui/Button.tsx";
import { Money, useFormatMoney } from "../../ui/Money.tsx";
import { RoutePending } from "../../ui/RouteStatus.tsx";
import { toasts } from "../../ui/toast.ts";
import { sendToSession } from "../session/index.ts";
import { PictureUpload } from "../upload/index.ts";
import { accountQueries, setHeadImg } from "./queries.ts";
import { ChangePasswordDialog } from "./ChangePasswordDialog.tsx";
import { TopUpDialog } from "./TopUpDialog.tsx";

function Counter(props: {
  to: "/customerList" | "/subAccount" | "/myOrder";
  value: number;
  label: ReactNode;
  testId: string;
}) {
  return (
    <Link
      to={props.to}
      data-testid={props.testId}
      className="flex flex-col items-center rounded border border-slate-200 px-6 py-3 hover:border-brand hover:bg-slate-50"
    >
      <span className="text-2xl font-semibold text-brand">{props.value}</span>
      <span className="text-sm text-slate-700">{props.label}</span>
    </Link>
  );
}

/** Issue 22: the balance as available and reserved (orders waiting for money), and a child's monthly limit. */
function BalanceParts(props: { available: string; reserved: string; limit: { limit: string; left: string } | null }) {
  const { available, reserved } = props;
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="account-balance-parts">
      <Trans>
        Available {available} · Reserved for pending orders {reserved}
      </Trans>
      {props.limit && (
        <span className="block">
          <MonthlyLimitLine {...props.limit} />
        </span>
      )}
    </p>
  );
}

function MonthlyLimitLine({ limit, left }: { limit: string; left: string }) {
  return (
    <Trans>
      Monthly limit {limit}: {left} left this month
    </Trans>
  );
}

const linkClass = "rounded border border-slate-200 px-4 py-3 text-brand hover:border-brand hover:bg-slate-50";

/**
 * The account centre (001 §2, ACCT-002..012): avatar, username, main or sub label, the counters (each a
 * link to its list), the balance with Recharge, logout (with its confirmation), change password, and
 * the links to the account's other pages.
 */
export function AccountPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const info = useQuery(accountQueries.info());
  const spending = useQuery(accountQueries.balance());
  const format = useFormatMoney();
  const [dialog, setDialog] = useState<"password" | "topUp" | null>(null);
  if (info.isPending) return <RoutePending />;
  if (info.isError) return <p role="alert">{info.error.message}</p>;
  const account = info.data;
  const isMain = account.parentId === 0;
  return (
    <main className="mx-auto max-w-5xl px-6 py-8">
      <h1 className="mb-6 text-2xl font-semibold text-brand">
        <Trans>Account centre</Trans>
      </h1>
      <section className="flex flex-wrap items-center gap-8 rounded-md border border-slate-200 bg-white p-6">
        <div className="flex items-center gap-4">
          {account.headImg ? (
            <img
              src={account.headImg}
              alt={t`Avatar`}
              className="h-20 w-20 rounded-full border border-slate-300 object-cover"
              data-testid="account-avatar"
            />
          ) : (
            <span
              aria-hidden="true"
              data-testid="account-avatar"
              className="flex h-20 w-20 items-center justify-center rounded-full bg-brand text-3xl font-semibold text-white"
            >
              {account.username.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div>
            <p className="text-xl font-semibold text-slate-900" data-testid="account-username">
              {account.username}
            </p>
            <span
              data-testid="account-kind"
              className="mt-1 inline-block rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800"
            >
              {isMain ? <Trans>Main account</Trans> : <Trans>Sub-account</Trans>}
            </span>
            <div className="mt-2">
              <PictureUpload
                label={t`Avatar`}
                value={null}
                onChange={(file) => {
                  if (!file) return;
                  void setHeadImg(file.id).then(() => queryClient.invalidateQueries({ queryKey: ["account"] }));
                }}
              />
            </div>
          </div>
        </div>
        <div className="flex gap-3">
          <Counter
            to="/customerList"
            value={account.customerNum}
            label={<Trans>Customers</Trans>}
            testId="count-customers"
          />
          <Counter
            to="/subAccount"
            value={account.subAccountNum}
            label={<Trans>Sub-accounts</Trans>}
            testId="count-subaccounts"
          />
          <Counter to="/myOrder" value={account.orderNum} label={<Trans>Orders</Trans>} testId="count-orders" />
        </div>
      </section>

      <section className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-md border border-slate-200 bg-white p-6">
        <div>
          <h2 className="text-sm font-medium text-slate-700">
            <Trans>Account balance</Trans>
          </h2>
          <Money
            amount={account.accountBalance}
            currency={account.moneyType}
            className="text-2xl font-semibold text-slate-900"
            data-testid="account-balance"
          />
          {spending.data && (
            <BalanceParts
              available={format({ amount: spending.data.available, currency: account.moneyType })}
              reserved={format({ amount: spending.data.reserved, currency: account.moneyType })}
              limit={
                spending.data.monthlyLimit === null
                  ? null
                  : {
                      limit: format({ amount: spending.data.monthlyLimit, currency: account.moneyType }),
                      left: format({ amount: spending.data.monthlyLeft ?? "0.00", currency: account.moneyType }),
                    }
              }
            />
          )}
        </div>
        <div className="flex gap-3">
          <Button onClick={() => setDialog("topUp")}>
            <Trans>Recharge</Trans>
          </Button>
          <Button variant="outline" onClick={() => setDialog("password")}>
            <Trans>Change password</Trans>
          </Button>
          <Button variant="outline" onClick={() => sendToSession({ type: "user.requestLogout" })}>
            <Trans>Log out</Trans>
          </Button>
        </div>
      </section>

      <nav aria-label={t`Account pages`} className="mt-6 grid grid-cols-3 gap-3">
        <Link to="/deliveryAddress" className={linkClass}>
          <Trans>Delivery addresses</Trans>
        </Link>
        <Link to="/fabricLibrary" className={linkClass}>
          <Trans>Fabric library</Trans>
        </Link>
        <button type="button" className={`${linkClass} text-left`} onClick={() => setDialog("password")}>
          <Trans>Change password</Trans>
        </button>
        {isMain && (
          <Link to="/subAccount" className={linkClass}>
            <Trans>Sub-accounts</Trans>
          </Link>
        )}
        <Link to="/billing" className={linkClass}>
          <Trans>Transactions</Trans>
        </Link>
        <Link to="/customerAppointments" className={linkClass}>
          <Trans>Appointments</Trans>
        </Link>
        {isMain && (
          <Link to="/allocationDetails" className={linkClass}>
            <Trans>Allocation details</Trans>
          </Link>
        )}
      </nav>

      <ChangePasswordDialog open={dialog === "password"} onClose={() => setDialog(null)} />
      <TopUpDialog
        open={dialog === "topUp"}
        currency={account.moneyType}
        onClose={() => setDialog(null)}
        onDone={(message) => {
          toasts.show("success", message);
          setDialog(null);
          void queryClient.invalidateQueries();
        }}
      />
    </main>
  );
}
