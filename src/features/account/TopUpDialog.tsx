import { useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { distributionCents } from "./rules.ts";
import { idempotencyKeys } from "../../api/idempotency.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { topUp } from "./queries.ts";

/**
 * ACCT-008 (x-designed): Recharge of the account centre. The amount is asked for, then a stand-in for a
 * payment provider confirms it (README "Recharge"); the same request retried keeps its key.
 */
export function TopUpDialog(props: {
  open: boolean;
  currency: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useLingui();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const keys = useRef(idempotencyKeys());
  const submit = async () => {
    const cents = distributionCents(amount);
    if (cents === null) {
      setError(t`Enter a positive amount with at most two decimals`);
      return;
    }
    setPending(true);
    try {
      const { message } = await topUp(cents / 100, keys.current.keyFor({ cents }));
      keys.current.settle();
      setAmount("");
      props.onDone(message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={<Trans>Recharge</Trans>}
      width={440}
      testId="top-up"
      description={<Trans>The amount is confirmed by the payment provider, then added to the balance.</Trans>}
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button pending={pending} disabled={amount.trim() === ""} onClick={() => void submit()}>
            <Trans>Pay</Trans>
          </Button>
        </>
      }
    >
      <Field id="top-up-amount" label={t`Amount (${props.currency})`} required error={error}>
        {(control, invalid) => (
          <input
            {...control}
            inputMode="decimal"
            className={controlVariants({ invalid })}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
    </Modal>
  );
}
