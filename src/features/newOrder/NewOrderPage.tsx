import { useActorRef, useSelector } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  AccessorySelectors,
  CraftsStep,
  CustomerFields,
  FabricField,
  OrderEntryFrame,
  SizeBodyStep,
  boundNewOrderMachine,
} from "../quickOrder/index.ts";
import type { RemakeMark } from "../../../machines/orderEntry/types.ts";
import { StylePicker } from "./StylePicker.tsx";
import type { OrderMode } from "../../../machines/quickOrder/quickOrder.machine.ts";
import {
  selectNeedsPresize,
  isLoadingOrder,
  isOrderLoadFailed,
  isPresizing,
} from "../../../machines/orderEntry/selectors.ts";
import { newOrderStep } from "../../../machines/newOrder/newOrder.selectors.ts";
import { useOrderStart, type OrderStart } from "../customers/index.ts";

/** D-10, 000 §2.6: the four-step simple order for one garment category. */
export function NewOrderPage({
  categoryId,
  orderId,
  mode,
  remake = null,
  start,
}: {
  categoryId: number;
  orderId?: string;
  mode: OrderMode;
  remake?: RemakeMark | null;
  /** Issue 24: the customer of the book (and kept measurement set) a new order starts for, as the quick order. */
  start?: OrderStart;
}) {
  const { t } = useLingui();
  const order = useActorRef(boundNewOrderMachine, { input: { categoryId, orderId, mode, remake } });
  const step = useSelector(order, newOrderStep);
  const loading = useSelector(order, isLoadingOrder);
  const failed = useSelector(order, isOrderLoadFailed);
  const presizing = useSelector(order, isPresizing);
  const needsPresize = useSelector(order, selectNeedsPresize);
  useOrderStart(order, start, !loading && !failed);
  return (
    <OrderEntryFrame
      order={order}
      testId="new-order"
      title={<Trans>Simple order</Trans>}
      route="/newOrder"
      categoryId={categoryId}
      orderId={orderId}
      stepNames={[t`Fabric & Crafts`, t`Further crafts`, t`Style & Measurements`, t`Customer & Confirm`]}
      step={step}
      loading={loading}
      failed={failed}
    >
      {step === 0 && (
        <div className="space-y-8">
          <FabricField order={order} />
          <AccessorySelectors order={order} />
          <CraftsStep key="first" order={order} groups="first" extras={false} />
        </div>
      )}
      {step === 1 && <CraftsStep key="rest" order={order} groups="rest" extras />}
      {step === 2 && (
        <div className="space-y-8">
          <StylePicker order={order} />
          <SizeBodyStep order={order} />
        </div>
      )}
      {step === 3 && (
        <div className="space-y-6">
          <CustomerFields order={order} />
          {/* QO-097: a customer change after the pre-calculation can be calculated again here */}
          {needsPresize && (
            <button
              type="button"
              disabled={presizing}
              className="rounded border border-brand px-4 py-2 text-sm font-semibold text-brand disabled:opacity-60"
              onClick={() => order.send({ type: "user.presize" })}
            >
              <Trans>Calculate finished sizes</Trans>
            </button>
          )}
        </div>
      )}
    </OrderEntryFrame>
  );
}
