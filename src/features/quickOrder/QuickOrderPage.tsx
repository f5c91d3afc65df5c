import { useEffect, useRef } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { boundQuickOrderMachine } from "./quickOrder.ts";
import { BasicInfoStep } from "./BasicInfoStep.tsx";
import { CraftsStep } from "./CraftsStep.tsx";
import { SizeBodyStep } from "./SizeBodyStep.tsx";
import { OrderEntryFrame } from "./OrderEntryFrame.tsx";
import type { RemakeMark } from "../../../machines/orderEntry/types.ts";
import type { OrderMode } from "../../../machines/quickOrder/quickOrder.machine.ts";
import { quickOrderStep } from "../../../machines/quickOrder/quickOrder.selectors.ts";
import { isLoadingOrder, isOrderLoadFailed } from "../../../machines/orderEntry/selectors.ts";
import { inspectFlow } from "../../app/liveFlows.ts";
import { useOrderStart, type OrderStart } from "../customers/index.ts";

/** QO-004: the three-step quick order for one garment category. */
export function QuickOrderPage({
  categoryId,
  orderId,
  mode,
  remake = null,
  fabric,
  start,
}: {
  categoryId: number;
  orderId?: string;
  mode: OrderMode;
  remake?: RemakeMark | null;
  /** Issue 25: the fabric a new order starts with (the fabric library's "quick order with this fabric"). */
  fabric?: string;
  /** Issue 24: the customer of the book (and kept measurement set) a new order starts for. */
  start?: OrderStart;
}) {
  const { t } = useLingui();
  const order = useActorRef(boundQuickOrderMachine, {
    input: { categoryId, orderId, mode, remake },
    inspect: inspectFlow,
  });
  const step = useSelector(order, quickOrderStep);
  const loading = useSelector(order, isLoadingOrder);
  const failed = useSelector(order, isOrderLoadFailed);
  // Once loaded, the fabric from the address is picked as the user would pick it (its stock is checked).
  const picked = useRef(false);
  useEffect(() => {
    if (loading || failed || !fabric || picked.current) return;
    picked.current = true;
    order.send({ type: "user.pickFabric", code: fabric });
  }, [loading, failed, fabric, order]);
  useOrderStart(order, start, !loading && !failed);
  return (
    <OrderEntryFrame
      order={order}
      testId="quick-order"
      title={<Trans>Quick order</Trans>}
      route="/quickOrder"
      categoryId={categoryId}
      orderId={orderId}
      stepNames={[t`Basic Info`, t`Crafts`, t`Size & Body`]}
      step={step}
      loading={loading}
      failed={failed}
    >
      {step === 0 && <BasicInfoStep order={order} />}
      {step === 1 && <CraftsStep order={order} />}
      {step === 2 && <SizeBodyStep order={order} />}
    </OrderEntryFrame>
  );
}
