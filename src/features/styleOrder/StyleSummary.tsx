import { useSelector } from "@xstate/react";
import type { AnyActorRef, SnapshotFrom } from "xstate";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "../quickOrder/index.ts";
import {
  sameGarmentPreviewInput,
  selectStyleGarmentPreview,
  selectStyleBought,
  selectStyleCraftLines,
  type StyleProduct,
  selectFabricPrice,
  sameMoney,
} from "../../../machines/styleOrder/styleOrder.selectors.ts";
import type { priceMachine } from "../../../machines/shared/price/price.machine.ts";
import { GarmentPreview } from "../garmentPreview/index.ts";
import { Money } from "../../ui/Money.tsx";
import { selectFabricCode, selectQuantity } from "../../../machines/orderEntry/selectors.ts";

type PriceSnapshot = SnapshotFrom<typeof priceMachine>;

/**
 * The style order's summary beside its steps: the live garment preview, the style's name, the fabric, each piece
 * with its style code and the crafts' values, and the price: the style in the fabric (SO-005) until
 * Buy, then the checked price with the crafts (SO-027), times the quantity.
 */
export function StyleSummary({ order, product }: { order: OrderEntryRef; product: StyleProduct }) {
  const { t } = useLingui();
  const fabric = useSelector(order, selectFabricCode);
  const amount = useSelector(order, selectQuantity);
  const lines = useSelector(order, selectStyleCraftLines, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const bought = useSelector(order, selectStyleBought, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const priceActor = useSelector(order, (s) => s.children.price as AnyActorRef | undefined);
  const preview = useSelector(order, selectStyleGarmentPreview, sameGarmentPreviewInput);
  return (
    <aside
      className="sticky top-20 h-fit rounded border border-slate-200 bg-white p-5"
      aria-label={t`Order summary`}
      data-testid="order-summary"
    >
      {/* issue 10: the live garment preview: the style's pieces drawn with the chosen values, filled with the fabric */}
      <div className="mb-4">
        <GarmentPreview {...preview} name={product.styleName} />
      </div>
      <h2 className="mb-3 text-base font-semibold text-brand">{product.styleName}</h2>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-semibold text-slate-800">
            <Trans>Fabric</Trans>
          </dt>
          <dd className="text-slate-700" data-testid="summary-fabric">
            {fabric || "—"}
          </dd>
        </div>
        {lines.map((piece) => (
          <div key={piece.id}>
            <dt className="font-semibold text-slate-800">
              {piece.name} <span className="font-normal text-slate-600">({piece.code})</span>
            </dt>
            <dd className="text-slate-700">
              {piece.crafts.map(({ name, choice }) => t`${name}: ${choice}`).join(t`, `) || "—"}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 border-t border-slate-200 pt-3 text-sm" data-testid="order-price">
        {bought ? (
          <dl className="space-y-1">
            <div className="flex justify-between font-semibold text-brand">
              <dt>
                <Trans>Order price</Trans>
              </dt>
              <dd data-testid="order-price-unit">
                <Money {...bought.unit} />
              </dd>
            </div>
            {amount > 1 && (
              <div className="flex justify-between">
                <dt>
                  <Trans>× {amount} garments</Trans>
                </dt>
                <dd data-testid="order-price-total">
                  <Money {...bought.total} />
                </dd>
              </div>
            )}
          </dl>
        ) : (
          priceActor && <FabricPriceLine price={priceActor} currency={product.currency} />
        )}
      </div>
    </aside>
  );
}

/** SO-005: before Buy, the style's price in the chosen fabric (with its currency). */
function FabricPriceLine({ price, currency }: { price: AnyActorRef; currency: string }) {
  const shown = useSelector(price, (s: PriceSnapshot) => selectFabricPrice(s, currency), sameMoney);
  if (!shown)
    return (
      <p className="text-slate-600">
        <Trans>The price shows once a fabric is chosen.</Trans>
      </p>
    );
  return (
    <div className="flex justify-between">
      <span>
        <Trans>Style in this fabric</Trans>
      </span>
      <Money {...shown} />
    </div>
  );
}
