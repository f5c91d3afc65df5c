import { useActorRef, useSelector } from "@xstate/react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ActorRefFrom } from "xstate";
import { styleOrderWithMethod, styleProductOf, styleQueries } from "./styleOrder.ts";
import { CustomerFields, OrderEntryFrame, SizeBodyStep } from "../quickOrder/index.ts";
import {
  selectStylePieceNames,
  selectStyleProduct,
  styleOrderStep,
} from "../../../machines/styleOrder/styleOrder.selectors.ts";
import type { RemakeMark } from "../../../machines/orderEntry/types.ts";
import type { OrderMode } from "../../../machines/quickOrder/quickOrder.machine.ts";
import { ProductStep } from "./ProductStep.tsx";
import { StyleSummary } from "./StyleSummary.tsx";
import { isLoadingOrder, isOrderLoadFailed, selectCategoryId } from "../../../machines/orderEntry/selectors.ts";
import { inspectFlow } from "../../app/liveFlows.ts";

/**
 * Issue 20 §6: the style as the page's language reads it (the query is keyed by the locale): when the
 * language changes, the new reading goes to the machine, which swaps the names and keeps the choices.
 */
function useStyleInPageLanguage(order: ActorRefFrom<ReturnType<typeof styleOrderWithMethod>>, styleId?: number) {
  const { data } = useQuery({ ...styleQueries.detail(styleId ?? 0), enabled: styleId !== undefined });
  const sent = useRef(data);
  useEffect(() => {
    // The first reading is the one the machine loaded (the loader's cache): nothing to send.
    if (!data || sent.current === data) return;
    const first = sent.current === undefined;
    sent.current = data;
    if (!first) order.send({ type: "style.translated", product: styleProductOf(data) });
  }, [order, data]);
}

/** SO-019..022: the style order requires the customer's name, height, weight unit and gender (no nickname, no weight). */
const STYLE_REQUIRED = [] as const;

/**
 * The style order (`/styleOrdering?id=`, order type 10, SO-001): 1 the product and Buy, 2 the customer,
 * 3 the measurements with Back, Save To Cart and Submit (SO-011..014), in the order-entry frame.
 */
export function StyleOrderPage({
  styleId,
  orderId,
  mode,
  sizeCategoryId,
  remake = null,
}: {
  styleId: number;
  orderId?: string;
  mode?: OrderMode;
  /** Issue 12: the delivered order a buy again remakes, with the reason. */
  remake?: RemakeMark | null;
  /** D-03: the measurement method the link names. */
  sizeCategoryId?: number;
}) {
  const { t } = useLingui();
  // D-03: the link's measurement method (read once, like the input)
  const [machine] = useState(() => styleOrderWithMethod(sizeCategoryId));
  // QO-085, QO-086: an opened order (edit, pending edit, buy again) names its style itself
  const order = useActorRef(machine, {
    input: { categoryId: 0, styleId, ...(orderId ? { orderId, mode: mode ?? "edit", remake } : {}) },
    inspect: inspectFlow,
  });
  const step = useSelector(order, styleOrderStep);
  const loading = useSelector(order, isLoadingOrder);
  const failed = useSelector(order, isOrderLoadFailed);
  const categoryId = useSelector(order, selectCategoryId);
  const product = useSelector(order, selectStyleProduct);
  const pieceNames = useSelector(order, selectStylePieceNames, sameNames);
  useStyleInPageLanguage(order, product?.id);
  return (
    <OrderEntryFrame
      order={order}
      testId="style-order"
      title={<Trans>Style ordering</Trans>}
      categoryId={categoryId}
      stepNames={[t`Product`, t`Customer`, t`Measurements`]}
      step={step}
      loading={loading}
      failed={failed}
      failedText={
        <>
          <Trans>This style could not be loaded.</Trans>{" "}
          <Link to="/styleProduct" className="underline">
            <Trans>Browse the styles</Trans>
          </Link>
        </>
      }
      // SO-010, SO-014: Buy, then Next; Back, Save To Cart and Submit
      buttons={{
        previous: <Trans>Back</Trans>,
        next: (at) =>
          at === 0
            ? { label: <Trans>Buy</Trans>, event: { type: "user.buy" } }
            : { label: <Trans>Next</Trans>, event: { type: "user.next" } },
        save: <Trans>Save To Cart</Trans>,
        submit: <Trans>Submit</Trans>,
      }}
      summary={product ? <StyleSummary order={order} product={product} /> : undefined}
    >
      {step === 0 && product && <ProductStep order={order} product={product} />}
      {step === 1 && <CustomerFields order={order} required={STYLE_REQUIRED} />}
      {step === 2 && <SizeBodyStep order={order} addProducts={false} pieceNames={pieceNames} />}
    </OrderEntryFrame>
  );
}

/** The pieces' headings change only with the style. */
const sameNames = (a: Record<number, string>, b: Record<number, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[Number(k)] === v);

/** `/styleOrdering` without a style: where to find one. */
export function NoStyleChosen() {
  return (
    <main className="mx-auto w-[1380px] py-20 text-center" data-testid="style-order">
      <h1 className="mb-4 text-2xl font-semibold text-brand">
        <Trans>Style ordering</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>No style was chosen.</Trans>{" "}
        <Link to="/styleProduct" className="text-brand underline">
          <Trans>Browse the styles</Trans>
        </Link>
      </p>
    </main>
  );
}
