import { useEffect } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useNavigate } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { boundNewOrderMachine } from "../quickOrder/quickOrder.ts";
import { refusalText } from "../quickOrder/messages.ts";
import { shellQueries } from "../shell/queries.ts";
import { toasts } from "../../ui/toast.ts";
import { CustomerFields, FabricField } from "../quickOrder/BasicInfoStep.tsx";
import { CraftsStep } from "../quickOrder/CraftsStep.tsx";
import { SizeBodyStep } from "../quickOrder/SizeBodyStep.tsx";
import { OrderSummary } from "../quickOrder/OrderSummary.tsx";
import { SIZE_METHOD, type OrderMode } from "../../../machines/quickOrder/quickOrder.machine.ts";
import { newOrderStep } from "../../../machines/newOrder/newOrder.machine.ts";

/** D-10, 000 §2.6: the four-step simple order for one garment category. */
export function NewOrderPage({ categoryId, orderId, mode }: { categoryId: number; orderId?: string; mode: OrderMode }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const order = useActorRef(boundNewOrderMachine, { input: { categoryId, orderId, mode } });
  const orderCode = useSelector(order, (s) => s.context.orderCode);
  const step = useSelector(order, newOrderStep);
  const loading = useSelector(order, (s) => s.matches("loading"));
  const failed = useSelector(order, (s) => s.matches("failed"));
  const pending = useSelector(order, (s) => s.hasTag("pending"));
  const presizing = useSelector(order, (s) => s.hasTag("presizing"));
  const refusal = useSelector(order, (s) => s.context.refusal);
  const outcome = useSelector(order, (s) => s.context.outcome);
  const needsPresize = useSelector(order, (s) => s.context.size.method === SIZE_METHOD.body && !s.context.size.presized);
  const categories = useQuery(shellQueries.categories(7));
  const stepNames = [t`Fabric & Crafts`, t`Further crafts`, t`Style & Measurements`, t`Customer & Confirm`];
  const last = stepNames.length - 1;

  useEffect(() => {
    if (!outcome) return;
    // QO-127: a failed submit result shows "Failed" and goes to the pending list.
    if (outcome.failed) toasts.show("info", t`Failed`);
    void navigate({ to: outcome.to });
  }, [outcome, navigate, t]);

  return (
    <main className="mx-auto w-[1380px] py-8" data-testid="new-order">
      <div className="mb-6 flex items-center justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-brand"><Trans>Simple order</Trans></h1>
          {orderCode && <p className="text-sm text-slate-700" data-testid="order-code"><Trans>Order number</Trans>: {orderCode}</p>}
        </div>
        {/* The garment category at the top; changing it reloads the page */}
        <label className="flex items-center gap-2 text-sm">
          <span><Trans>Category</Trans></span>
          <select
            className="rounded border border-slate-400 px-3 py-1.5"
            value={categoryId}
            onChange={(e) => void navigate({ to: "/newOrder", search: { id: Number(e.target.value) } })}
          >
            {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </label>
      </div>
      <ol className="mb-8 grid grid-cols-4 gap-4" aria-label={t`Steps`}>
        {stepNames.map((name, i) => (
          <li key={name} aria-current={i === step ? "step" : undefined} className={`rounded border px-4 py-3 text-sm font-semibold ${i === step ? "border-brand bg-brand text-white" : i < step ? "border-brand text-brand" : "border-slate-300 text-slate-600"}`}>
            {i + 1}. {name}
          </li>
        ))}
      </ol>
      {refusal && (
        <p role="alert" className="mb-4 flex items-center justify-between rounded border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800">
          {refusalText(refusal)}
          <button type="button" className="text-xs underline" onClick={() => order.send({ type: "user.dismissRefusal" })}><Trans>Dismiss</Trans></button>
        </p>
      )}
      {loading && <p className="py-20 text-center text-slate-600" aria-busy="true"><Trans>Loading…</Trans></p>}
      {failed && <p className="py-20 text-center text-red-700">{orderId ? <Trans>This order could not be opened.</Trans> : <Trans>This category could not be loaded.</Trans>}</p>}
      {step >= 0 && (
        <div className="grid grid-cols-[1fr_340px] gap-8">
          <section aria-label={stepNames[step]}>
            {step === 0 && (
              <div className="space-y-8">
                <FabricField order={order} />
                <CraftsStep key="first" order={order} groups="first" extras={false} />
              </div>
            )}
            {step === 1 && <CraftsStep key="rest" order={order} groups="rest" extras />}
            {step === 2 && <SizeBodyStep order={order} />}
            {step === 3 && (
              <div className="space-y-6">
                <CustomerFields order={order} />
                {/* QO-097: a customer change after the pre-calculation can be calculated again here */}
                {needsPresize && (
                  <button type="button" disabled={presizing} className="rounded border border-brand px-4 py-2 text-sm font-semibold text-brand disabled:opacity-60" onClick={() => order.send({ type: "user.presize" })}>
                    <Trans>Calculate finished sizes</Trans>
                  </button>
                )}
              </div>
            )}
            <div className="mt-8 flex justify-end gap-3">
              {step > 0 && <button type="button" className="rounded border border-brand px-5 py-2 font-semibold text-brand" disabled={pending} onClick={() => order.send({ type: "user.previous" })}><Trans>Previous</Trans></button>}
              {step < last && <button type="button" className="rounded bg-brand px-5 py-2 font-semibold text-white" disabled={pending} onClick={() => order.send({ type: "user.next" })}><Trans>Next</Trans></button>}
              {/* D-15: Save to cart and Submit only at the last step */}
              {step === last && (
                <>
                  <button type="button" className="rounded border border-brand px-5 py-2 font-semibold text-brand disabled:opacity-60" disabled={pending} onClick={() => order.send({ type: "user.save" })}><Trans>Save to cart</Trans></button>
                  <button type="button" className="rounded bg-brand px-5 py-2 font-semibold text-white disabled:opacity-60" disabled={pending} onClick={() => order.send({ type: "user.submit" })}><Trans>Submit</Trans></button>
                </>
              )}
            </div>
          </section>
          <OrderSummary order={order} />
        </div>
      )}
    </main>
  );
}
