import { useEffect, useState } from "react";
import { useSelector } from "@xstate/react";
import { useQuery } from "@tanstack/react-query";
import type { AnyActorRef } from "xstate";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import {
  sameGarmentPreviewInput,
  selectGarmentPreview,
  selectSummaryContrast,
  selectSummaryCrafts,
  selectSummaryMonogram,
  type SummaryCraft,
  selectChosenFabricCode,
  selectCategoryId,
  selectFurtherPieceNames,
} from "../../../machines/orderEntry/selectors.ts";
import { shellQueries } from "../shell/index.ts";
import { GarmentPreview } from "../garmentPreview/index.ts";
import { i18n } from "../../app/i18n.ts";
import { Money } from "../../ui/Money.tsx";
import { useSurchargeLabel } from "./surchargeLabel.ts";
import {
  selectFabricQuote,
  selectFabricPriceFailure,
  isFabricPricePending,
  selectOrderQuote,
  hasNoOrderFabric,
  isOrderPricePending,
  selectOrderPriceFailure,
} from "../../../machines/shared/price/price.selectors.ts";

/** QO-202: the panel takes its sticky offset once the page has scrolled 25 px. */
export const STICKY_OFFSET_PX = 25;

function useStuckAfter(offset: number): boolean {
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const onScroll = () => setStuck(window.scrollY > offset);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [offset]);
  return stuck;
}

const same = (a: string[], b: string[]) => a.join("\u0000") === b.join("\u0000");
const sameCrafts = (a: SummaryCraft[], b: SummaryCraft[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * QO-009, QO-010: the garment preview and, for the garment piece, the chosen fabric with its price
 * (QO-111), the crafts with their surcharges, the embroidery and the contrast. Sticky beside the steps.
 */
/** A piece as a flow with several crafted pieces lists it (the professional order, PO-002): its own crafts and monogram rows. */
export interface OrderSummaryPiece {
  categoryId: number;
  name: string;
  crafts: SummaryCraft[];
  monogram: string[];
}

export function OrderSummary({ order, pieces }: { order: OrderEntryRef; pieces?: OrderSummaryPiece[] }) {
  const { t } = useLingui();
  const surchargeLabel = useSurchargeLabel();
  // QO-030: a craft with a surcharge names it: "No vent (+USD 8.00)"
  const craftLine = (craft: SummaryCraft) => surchargeLabel(craft.name, craft.surcharge);
  // QO-010: the fabric chosen, never the search text being typed
  const fabric = useSelector(order, selectChosenFabricCode) || "—";
  const categoryId = useSelector(order, selectCategoryId);
  const categories = useQuery(shellQueries.categories(7));
  const piece = pieces?.[0]?.name ?? categories.data?.find((c) => c.id === categoryId)?.name ?? "";
  const mainCrafts = useSelector(order, selectSummaryCrafts, sameCrafts);
  const mainMonogram = useSelector(order, selectSummaryMonogram, same);
  // PO-002: the main piece's lines from the flow's pieces when it lists them
  const crafts = pieces?.[0]?.crafts ?? mainCrafts;
  const monogram = pieces?.[0]?.monogram ?? mainMonogram;
  const contrast = useSelector(order, selectSummaryContrast, same);
  const preview = useSelector(order, selectGarmentPreview, sameGarmentPreviewInput);
  const extraPieces = useSelector(order, selectFurtherPieceNames, same);
  const priceActor = useSelector(order, (s) => s.children.price as AnyActorRef | undefined);
  const stuck = useStuckAfter(STICKY_OFFSET_PX);
  return (
    <aside
      className={`sticky top-20 h-fit rounded border border-slate-200 bg-white p-5 transition-shadow ${stuck ? "shadow-lg" : ""}`}
      aria-label={t`Order summary`}
      data-testid="order-summary"
      data-stuck={stuck}
    >
      {/* issue 10: the live garment preview: the main choices drawn, filled with the fabric */}
      <div className="mb-4">
        <GarmentPreview {...preview} name={piece} />
      </div>
      <section aria-label={piece || t`Garment`}>
        {piece && <h2 className="mb-3 text-base font-semibold text-brand">{piece}</h2>}
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="font-semibold text-slate-800">
              <Trans>Fabric</Trans>
            </dt>
            <dd className="text-slate-700">{fabric}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-800">
              <Trans>Crafts</Trans>
            </dt>
            <dd className="text-slate-700">{crafts.map(craftLine).join(", ") || "—"}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-800">
              <Trans>Monogram</Trans>
            </dt>
            <dd className="text-slate-700">{monogram.join("; ") || "—"}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-800">
              <Trans>Colour contrast</Trans>
            </dt>
            <dd className="text-slate-700">{contrast.join("; ") || "—"}</dd>
          </div>
        </dl>
      </section>
      {/* QO-040, QO-010: each add-product is a further piece, in the same fabric, with its own measurements */}
      {!pieces &&
        extraPieces.map((name) => (
          <section key={name} aria-label={name} className="mt-3 border-t border-slate-200 pt-3 text-sm">
            <h2 className="text-base font-semibold text-brand">{name}</h2>
            <p className="text-slate-700">
              <Trans>Fabric: {fabric}</Trans>
            </p>
          </section>
        ))}
      {/* PO-002: each further piece with its own crafts and monogram rows, in the same fabric */}
      {pieces?.slice(1).map((p) => (
        <section key={p.categoryId} aria-label={p.name} className="mt-3 border-t border-slate-200 pt-3 text-sm">
          <h2 className="mb-2 text-base font-semibold text-brand">{p.name}</h2>
          <dl className="space-y-3">
            <div>
              <dt className="font-semibold text-slate-800">
                <Trans>Fabric</Trans>
              </dt>
              <dd className="text-slate-700">{fabric}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-800">
                <Trans>Crafts</Trans>
              </dt>
              <dd className="text-slate-700">{p.crafts.map(craftLine).join(", ") || "—"}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-800">
                <Trans>Monogram</Trans>
              </dt>
              <dd className="text-slate-700">{p.monogram.join("; ") || "—"}</dd>
            </div>
          </dl>
        </section>
      ))}
      {priceActor && <PriceLines price={priceActor} />}
      {priceActor && <OrderPrice price={priceActor} />}
    </aside>
  );
}

/**
 * QO-111: the garment and fabric price, recalculated 1000 ms after the fabric changes; the order's
 * price below itemises its making and fabric (issue 20 §9: listed once).
 */
function PriceLines({ price }: { price: AnyActorRef }) {
  const quote = useSelector(price, selectFabricQuote);
  const failure = useSelector(price, selectFabricPriceFailure);
  const pending = useSelector(price, isFabricPricePending);
  return (
    <div className="mt-4 border-t border-slate-200 pt-3 text-sm" aria-busy={pending} data-testid="fabric-price">
      {quote && (
        // the making and the fabric are itemised once, in the order's price below
        <dl>
          <div className="flex justify-between font-semibold text-brand">
            <dt>
              <Trans>Garment and fabric</Trans>
            </dt>
            <dd data-testid="fabric-price-total">
              <Money amount={quote.price} currency={quote.moneyType} />
            </dd>
          </div>
        </dl>
      )}
      {pending && quote && (
        <p className="mt-1 text-xs text-slate-600">
          <Trans>Updating the price…</Trans>
        </p>
      )}
      {failure && (
        <p className="text-xs text-red-700">
          {failure.key === "server" ? failure.text : i18n._(msg`The price could not be calculated`)}
        </p>
      )}
    </div>
  );
}

/**
 * QO-111: the price of the whole order so far (crafts, monogram and contrast included), priced by the
 * server as saving will price it, asked for once the choices have rested for 1000 ms (the price child).
 */
function OrderPrice({ price: priceActor }: { price: AnyActorRef }) {
  const { t } = useLingui();
  const quote = useSelector(priceActor, selectOrderQuote);
  const noFabric = useSelector(priceActor, hasNoOrderFabric);
  const stale = useSelector(priceActor, isOrderPricePending);
  const failure = useSelector(priceActor, selectOrderPriceFailure);
  if (failure) {
    // no price holds: say why until a new one arrives
    return (
      <p
        className="mt-3 border-t border-slate-200 pt-3 text-xs text-red-700"
        aria-busy={stale}
        data-testid="order-price"
      >
        {failure.key === "server" ? failure.text : i18n._(msg`The price could not be calculated`)}
      </p>
    );
  }
  if (!quote) {
    // the first price is being asked for: said, never a price of 0.00
    return stale ? (
      <p className="mt-3 border-t border-slate-200 pt-3 text-xs text-slate-600" aria-busy data-testid="order-price">
        <Trans>Calculating the price…</Trans>
      </p>
    ) : null;
  }
  const { price, totalPrice, amount, moneyType, breakdown } = quote;
  const money = (value: string) => <Money amount={value} currency={moneyType} />;
  const nonZero = (value: string) => Number(value) !== 0;
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 text-sm" aria-busy={stale} data-testid="order-price">
      {/* QO-111: the order's price itemised as the server prices it (the lines add up to the price) */}
      <dl className="space-y-1" aria-label={t`Price details`} data-testid="order-price-lines">
        <div className="flex justify-between">
          <dt>
            <Trans>Making</Trans>
          </dt>
          <dd>{money(breakdown.makePrice)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>
            <Trans>Fabric</Trans>
          </dt>
          <dd>{noFabric ? "—" : money(breakdown.fabricPrice)}</dd>
        </div>
        {breakdown.crafts.map((craft) => (
          <div key={craft.craftId} className="flex justify-between">
            <dt>{craft.name}</dt>
            <dd>{money(craft.price)}</dd>
          </div>
        ))}
        {nonZero(breakdown.monogramPrice) && (
          <div className="flex justify-between">
            <dt>
              <Trans>Monogram</Trans>
            </dt>
            <dd>{money(breakdown.monogramPrice)}</dd>
          </div>
        )}
        {nonZero(breakdown.contrastPrice) && (
          <div className="flex justify-between">
            <dt>
              <Trans>Colour contrast</Trans>
            </dt>
            <dd>{money(breakdown.contrastPrice)}</dd>
          </div>
        )}
      </dl>
      <dl className="mt-2 space-y-1 border-t border-slate-100 pt-2">
        <div className="flex justify-between font-semibold text-brand">
          <dt>
            <Trans>Order price</Trans>
          </dt>
          <dd data-testid="order-price-unit">{money(price)}</dd>
        </div>
        {amount > 1 && (
          <div className="flex justify-between">
            <dt>
              <Trans>× {amount} garments</Trans>
            </dt>
            <dd>{money(totalPrice)}</dd>
          </div>
        )}
      </dl>
      {stale && (
        <p className="mt-1 text-xs text-slate-600">
          <Trans>Updating the price…</Trans>
        </p>
      )}
    </div>
  );
}
