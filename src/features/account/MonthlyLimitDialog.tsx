import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SubAccountRow } from "../../../machines/balanceDistribution/balanceDistribution.machine.ts";
import { api } from "../../api/client.ts";
import { unwrapWithMessage } from "../../api/envelope.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { useFormatMoney } from "../../ui/Money.tsx";
import { monthlyLimitTextCents } from "./rules.ts";

/**
 * Issue 22 (x-designed `POST pc/memberCash/monthlyLimit`): the main account sets or removes a child's
 * monthly spending limit. The amount is checked by the domain's rule before the call (nothing is sent
 * otherwise); a refusal of the server is shown as its message; the server's row replaces the card. The
 * browser's time zone goes with it: the children's months start on the first at midnight there.
 */
export function MonthlyLimitDialog(props: {
  child: SubAccountRow;
  currency: string;
  onClose: () => void;
  onSaved: (row: SubAccountRow, message: string) => void;
}) {
  const { t } = useLingui();
  const format = useFormatMoney();
  const { child, currency } = props;
  const [amount, setAmount] = useState(child.monthlyLimit ?? "");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const save = async (limit: number | null) => {
    setPending(true);
    try {
      const { data, message } = unwrapWithMessage(
        await api.POST("/pc/memberCash/monthlyLimit", {
          body: { memberId: child.id, limit, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        }),
      );
      props.onSaved(data!, message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setPending(false);
    }
  };
  const submit = () => {
    const cents = monthlyLimitTextCents(amount);
    if (cents === null) {
      setError(t`The monthly limit must be an amount of 0 or more with at most two decimals, at most 100,000,000`);
      return;
    }
    void save(cents / 100);
  };
  const name = child.username;
  const spent = format({ amount: child.monthlySpent, currency });
  return (
    <Modal
      open
      onClose={props.onClose}
      title={t`Monthly limit of ${name}`}
      width={460}
      testId="limit-modal"
      description={
        <Trans>
          What {name} may spend on orders in a calendar month. A payment beyond it is refused; the month starts on the
          first at midnight in your time zone.
        </Trans>
      }
      footer={
        <>
          {child.monthlyLimit !== null && (
            <Button variant="outline" pending={pending} onClick={() => void save(null)}>
              <Trans>Remove the limit</Trans>
            </Button>
          )}
          <Button variant="outline" onClick={props.onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button pending={pending} disabled={amount.trim() === ""} onClick={submit}>
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field
          id="limit-amount"
          label={t`Monthly limit (${currency})`}
          required
          error={error}
          hint={child.monthlyLimit !== null ? <Trans>Spent this month: {spent}</Trans> : undefined}
        >
          {(control, invalid) => (
            <input
              {...control}
              inputMode="decimal"
              autoFocus
              className={controlVariants({ invalid })}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}
