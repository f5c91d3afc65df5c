import { useEffect, useSyncExternalStore } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { api } from "../../api/client.ts";
import { unwrapWithMessage } from "../../api/envelope.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { toasts } from "../../ui/toast.ts";
import { MeasureChangesTable, useMeasureSet } from "./MeasureChanges.tsx";
import { customerQueries } from "./queries.ts";
import { measureChanges } from "./rules.ts";

/**
 * Issue 24: after an order for a customer of the book is submitted, the user is asked (never silently)
 * whether its height, weight and measurements go back to the customer. Order entry asks and waits for
 * the answer before it moves on (`saveBack.ask`); the question is the dialog below, which the order page
 * renders while it is leaving. Nothing to change, or a question that cannot be read, asks nothing.
 */
interface Question {
  orderId: number;
  answered: () => void;
}
let question: Question | null = null;
const listeners = new Set<() => void>();
const publish = () => listeners.forEach((l) => l());

export const saveBack = {
  /** Asks about the order's measurements; resolves once answered (or when there is nothing to ask). */
  ask(orderId: number): Promise<void> {
    return new Promise((resolve) => {
      question = {
        orderId,
        answered: () => {
          question = null;
          publish();
          resolve();
        },
      };
      publish();
    });
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => question,
};

/** The question, while one is asked. */
export function SaveBackPrompt() {
  const asked = useSyncExternalStore(saveBack.subscribe, saveBack.snapshot);
  return asked ? <SaveBackDialog key={asked.orderId} question={asked} /> : null;
}

function SaveBackDialog({ question }: { question: Question }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const toSet = useMeasureSet();
  const measures = useQuery({ ...customerQueries.orderMeasures(question.orderId), retry: false });
  const changes = measures.data ? measureChanges(toSet(measures.data.current), toSet(measures.data.proposed)) : null;
  const nothingToAsk = measures.isError || (changes !== null && changes.length === 0);
  useEffect(() => {
    if (nothingToAsk) question.answered();
  }, [nothingToAsk, question]);
  const save = useMutation({
    mutationFn: async () =>
      unwrapWithMessage(await api.POST("/pc/customer/saveOrderMeasures", { body: { orderId: question.orderId } })),
    onSuccess: async ({ message }) => {
      toasts.show("success", message);
      await queryClient.invalidateQueries({ queryKey: ["customers"] });
      question.answered();
    },
  });
  if (!measures.data || !changes || changes.length === 0) return null;
  const name = measures.data.custName;
  return (
    <Modal
      open
      onClose={question.answered}
      width={640}
      title={t`Save the new measurements to ${name}?`}
      testId="save-back-prompt"
      footer={
        <>
          <Button variant="outline" onClick={question.answered} data-testid="save-back-no">
            <Trans>No, keep the customer as it is</Trans>
          </Button>
          <Button onClick={() => save.mutate()} pending={save.isPending} data-testid="save-back-yes">
            <Trans>Save to the customer</Trans>
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm text-slate-700">
        <Trans>
          This order's measurements differ from the ones kept for {name}. Saved, they become the customer's and a new
          version of the measurement history.
        </Trans>
      </p>
      {save.isError ? (
        <p role="alert" className="mb-3 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {save.error.message || t`The measurements could not be saved. Please try again.`}
        </p>
      ) : null}
      <MeasureChangesTable changes={changes} caption={t`What saving changes`} />
    </Modal>
  );
}
