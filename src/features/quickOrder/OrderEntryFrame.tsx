import { useEffect, useRef, type ReactNode } from "react";
import { useSelector } from "@xstate/react";
import { useNavigate } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { shellQueries } from "../shell/index.ts";
import { RemakeBanner } from "./RemakeBanner.tsx";
import { OrderSummary } from "./OrderSummary.tsx";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import { keepSelections } from "./selectionCache.ts";
import { LeavingNotice } from "./LeavingNotice.tsx";
import { useRefusalFeedback, useRefusalText } from "./refusalFeedback.ts";
import { useOutcomeFeedback } from "./outcomeFeedback.ts";
import type { QuickOrderEvent } from "../../../machines/quickOrder/quickOrder.machine.ts";
import { selectOrderCode, isOrderBusy } from "../../../machines/orderEntry/selectors.ts";
import { Button } from "../../ui/Button.tsx";
import { LoadingStatus } from "../../ui/RouteStatus.tsx";

/** The step buttons' size: a little wider and larger than `Button`'s md. */
const STEP_BUTTON = "px-5 text-base";

/** A flow's own step buttons (the style order's Buy, Back, Save To Cart, SO-010, SO-014): labels, and the event of Next. */
export interface StepButtons {
  previous?: ReactNode;
  next?: (step: number) => { label: ReactNode; event: QuickOrderEvent };
  save?: ReactNode;
  submit?: ReactNode;
}

/**
 * The frame both order-entry pages share: title and order number (QO-008), the category at the top
 * (QO-007; changing it reloads the page, QO-006), the steps, the refusal, the step buttons (D-15:
 * Save to cart and Submit only at the last step) and the summary panel (QO-009, QO-010).
 */
export function OrderEntryFrame(props: {
  order: OrderEntryRef;
  testId: string;
  title: ReactNode;
  /** The route the category selector reloads (QO-006); without one (the style order) there is no selector. */
  route?: "/quickOrder" | "/newOrder";
  categoryId: number;
  orderId?: string;
  stepNames: string[];
  step: number;
  loading: boolean;
  failed: boolean;
  /** What the page says when its setup could not be loaded (default: the category's or the order's). */
  failedText?: ReactNode;
  /** The flow's own step buttons; the order entry's Previous, Next, Save to cart and Submit by default. */
  buttons?: StepButtons;
  /** The flow's own summary beside the steps; the order summary (QO-009, QO-010) by default. */
  summary?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { order, step, stepNames, buttons, route } = props;
  const last = stepNames.length - 1;
  const next = step >= 0 && step < last ? buttons?.next?.(step) : undefined;
  const orderCode = useSelector(order, selectOrderCode);
  const pending = useSelector(order, isOrderBusy);
  const refusal = useRefusalText(order);
  const categories = useQuery(shellQueries.categories(7));

  // QO-083, QO-018: the per-category cache follows what the order tells (src/features/quickOrder/selectionCache.ts)
  useEffect(() => keepSelections(order), [order]);

  // QO-018, API-007, QO-127: a synced accessory and the outcome of Save to cart or Submit are said
  useOutcomeFeedback(order);

  // Changing step scrolls to the top of the step (its place in the steps list)
  const stepsList = useRef<HTMLOListElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    const from = shownStep.current;
    shownStep.current = step;
    // (not when the first step appears after loading: the page is at its top then)
    if (from >= 0 && step >= 0) stepsList.current?.scrollIntoView({ block: "start" });
  }, [step]);

  // 000 §8: a refusal is said in a toast and its field is marked, scrolled into view and focused
  // (after the step's scroll, so a refusal that comes with a step change keeps its field in view)
  useRefusalFeedback(order);

  return (
    <main className="mx-auto w-[1380px] py-8" data-testid={props.testId}>
      <div className="mb-6 flex items-center justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-brand">{props.title}</h1>
          {orderCode && (
            <p className="text-sm text-slate-700" data-testid="order-code">
              <Trans>Order number: {orderCode}</Trans>
            </p>
          )}
          <RemakeBanner order={order} />
        </div>
        {route && (
          <label className="flex items-center gap-2 text-sm">
            <span>
              <Trans>Category</Trans>
            </span>
            <select
              className="rounded border border-slate-400 px-3 py-1.5"
              value={props.categoryId}
              onChange={(e) => void navigate({ to: route, search: { id: Number(e.target.value) } })}
            >
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <ol
        ref={stepsList}
        className="mb-8 grid scroll-mt-24 gap-4"
        style={{ gridTemplateColumns: `repeat(${stepNames.length}, minmax(0, 1fr))` }}
        aria-label={t`Steps`}
      >
        {stepNames.map((name, i) => (
          <li
            key={name}
            aria-current={i === step ? "step" : undefined}
            className={`rounded border px-4 py-3 text-sm font-semibold ${i === step ? "border-brand bg-brand text-white" : i < step ? "border-brand text-brand" : "border-slate-300 text-slate-600"}`}
          >
            {i + 1}. {name}
          </li>
        ))}
      </ol>
      {refusal && (
        <p
          role="alert"
          className="mb-4 flex items-center justify-between rounded border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800"
        >
          {refusal}
          <button
            type="button"
            className="text-xs underline"
            onClick={() => order.send({ type: "user.dismissRefusal" })}
          >
            <Trans>Dismiss</Trans>
          </button>
        </p>
      )}
      {props.loading && <LoadingStatus />}
      {props.failed && (
        <p className="py-20 text-center text-red-700">
          {props.failedText ??
            (props.orderId ? (
              <Trans>This order could not be opened.</Trans>
            ) : (
              <Trans>This category could not be loaded.</Trans>
            ))}
        </p>
      )}
      {/* issue 20 §8: saved or submitted: where the user is going, until that page shows */}
      <LeavingNotice order={order} />
      {step >= 0 && (
        <div className="grid grid-cols-[1fr_340px] gap-8">
          <section aria-label={stepNames[step]}>
            {props.children}
            <div className="mt-8 flex justify-end gap-3">
              {step > 0 && (
                <Button
                  variant="secondary"
                  className={STEP_BUTTON}
                  pending={pending}
                  onClick={() => order.send({ type: "user.previous" })}
                >
                  {buttons?.previous ?? <Trans>Previous</Trans>}
                </Button>
              )}
              {step < last && (
                <Button
                  className={STEP_BUTTON}
                  pending={pending}
                  onClick={() => order.send(next?.event ?? { type: "user.next" })}
                >
                  {next?.label ?? <Trans>Next</Trans>}
                </Button>
              )}
              {step === last && (
                <>
                  <Button
                    variant="secondary"
                    className={STEP_BUTTON}
                    pending={pending}
                    onClick={() => order.send({ type: "user.save" })}
                  >
                    {buttons?.save ?? <Trans>Save to cart</Trans>}
                  </Button>
                  <Button className={STEP_BUTTON} pending={pending} onClick={() => order.send({ type: "user.submit" })}>
                    {buttons?.submit ?? <Trans>Submit</Trans>}
                  </Button>
                </>
              )}
            </div>
          </section>
          {props.summary ?? <OrderSummary order={order} />}
        </div>
      )}
    </main>
  );
}
