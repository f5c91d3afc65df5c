import { useState } from "react";
import { useSelector } from "@xstate/react";
import type { AnyActorRef, SnapshotFrom } from "xstate";
import { Trans, useLingui } from "@lingui/react/macro";
import { type OrderEntryRef, useFieldError } from "../quickOrder/index.ts";
import {
  choiceName,
  craftField,
  isRequiredCraft,
  offersChoices,
  offersFabricList,
  selectStyleCraftValue,
  type StyleCraft,
  type StylePiece,
  type StyleProduct,
  selectFabricPrice,
  sameMoney,
  selectRefusedStylePiece,
  STYLE_TEXT_MAX,
} from "../../../machines/styleOrder/styleOrder.selectors.ts";
import type { priceMachine } from "../../../machines/shared/price/price.machine.ts";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { Money } from "../../ui/Money.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { StyleCarousel } from "./StyleCarousel.tsx";
import {
  hasNoPricedFabric,
  isFabricPricePending,
  selectFabricPriceFailure,
} from "../../../machines/shared/price/price.selectors.ts";
import { selectFabricCode } from "../../../machines/orderEntry/selectors.ts";

type PriceSnapshot = SnapshotFrom<typeof priceMachine>;

/**
 * Step 1 of the style order, the product (SO-002..010): the pictures, the style's name, delivery
 * days and price in the chosen fabric, the fabric, its description, and a panel per garment piece
 * with its style code and crafts. Buy is the frame's step button.
 */
export function ProductStep({ order, product }: { order: OrderEntryRef; product: StyleProduct }) {
  const priceActor = useSelector(order, (s) => s.children.price as AnyActorRef | undefined);
  return (
    <div className="space-y-8" data-testid="style-product">
      <div className="grid grid-cols-[1fr_1fr] gap-8">
        <StyleCarousel images={product.images} name={product.styleName} />
        <div className="space-y-5">
          {/* SO-003 */}
          <h2 className="text-2xl font-semibold text-slate-900">{product.styleName}</h2>
          {/* SO-004 */}
          <p className="text-sm text-slate-700" data-testid="style-delivery">
            <Trans>Delivery in {product.deliveryDays} days</Trans>
          </p>
          {priceActor && <StylePrice price={priceActor} currency={product.currency} />}
          <FabricChoice order={order} product={product} />
        </div>
      </div>
      {product.property && (
        <section aria-labelledby="so-description-title">
          <h3 id="so-description-title" className="mb-2 text-lg font-semibold text-brand">
            <Trans>Description</Trans>
          </h3>
          {/* The catalogue's HTML, sanitised before it is shown */}
          <SafeHtml
            html={product.property}
            className="space-y-2 text-sm text-slate-800 [&_a]:text-brand [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_table]:border-collapse [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-300 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_ul]:list-disc [&_ul]:pl-5"
          />
        </section>
      )}
      <PiecePanels order={order} product={product} />
    </div>
  );
}

/** SO-005, SO-023: the price of the style in the chosen fabric (the price child asks the server once the choice rests). */
function StylePrice({ price, currency }: { price: AnyActorRef; currency: string }) {
  const noFabric = useSelector(price, hasNoPricedFabric);
  const pending = useSelector(price, isFabricPricePending);
  const failed = useSelector(price, (s: PriceSnapshot) => selectFabricPriceFailure(s) !== null);
  const shown = useSelector(price, (s: PriceSnapshot) => selectFabricPrice(s, currency), sameMoney);
  return (
    <p className="text-lg" aria-busy={pending} data-testid="style-price">
      <span className="font-medium text-slate-800">
        <Trans>Price:</Trans>{" "}
      </span>
      {noFabric ? (
        <span className="text-slate-600">
          <Trans>choose a fabric to see the price</Trans>
        </span>
      ) : pending ? (
        <span className="text-slate-600">
          <Trans>Calculating the price…</Trans>
        </span>
      ) : failed || !shown ? (
        <span className="text-red-700">
          <Trans>The price could not be calculated</Trans>
        </span>
      ) : (
        <Money {...shown} className="font-semibold text-brand" data-testid="style-price-amount" />
      )}
    </p>
  );
}

/** SO-006: the fabrics the style allows (a select), or a fabric code typed when it lists none. */
function FabricChoice({ order, product }: { order: OrderEntryRef; product: StyleProduct }) {
  const { t } = useLingui();
  const code = useSelector(order, selectFabricCode);
  const error = useFieldError(order, "fabric");
  const list = offersFabricList(product);
  return (
    <Field id="so-fabric" name="fabric" label={<Trans>Fabric</Trans>} required error={error}>
      {(control, invalid) =>
        list ? (
          <select
            {...control}
            className={controlVariants({ invalid })}
            value={code}
            onChange={(e) => order.send({ type: "user.pickFabric", code: e.target.value })}
          >
            <option value="">{t`Please select fabric`}</option>
            {product.fabrics.map((fabric) => (
              <option key={fabric} value={fabric}>
                {fabric}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...control}
            className={controlVariants({ invalid })}
            value={code}
            maxLength={64}
            placeholder={t`Fabric code`}
            onChange={(e) => order.send({ type: "user.typeFabric", code: e.target.value })}
          />
        )
      }
    </Field>
  );
}

/** SO-007: a collapsible panel per garment piece with its style code; SO-008, SO-009: its crafts. */
function PiecePanels({ order, product }: { order: OrderEntryRef; product: StyleProduct }) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const refused = useSelector(order, selectRefusedStylePiece);
  const toggle = (id: number) =>
    setCollapsed((c) => (c.has(id) ? new Set([...c].filter((x) => x !== id)) : new Set([...c, id])));
  return (
    <div className="space-y-3">
      {product.pieces.map((piece) => {
        // a refusal naming one of its crafts opens it, in the same render, so the page can focus that field
        const open = !collapsed.has(piece.id) || refused === piece.id;
        return (
          <section key={piece.id} className="rounded border border-slate-200" aria-labelledby={`so-piece-${piece.id}`}>
            <h3 className="m-0">
              <button
                type="button"
                id={`so-piece-${piece.id}`}
                aria-expanded={open}
                aria-controls={`so-piece-${piece.id}-crafts`}
                onClick={() => toggle(piece.id)}
                className="flex w-full items-center justify-between bg-slate-50 px-4 py-3 text-left font-semibold text-slate-900"
              >
                <span>
                  {piece.styleName}{" "}
                  <span className="ml-2 font-normal text-slate-700">
                    <Trans>Style code: {piece.styleCode}</Trans>
                  </span>
                </span>
                <span aria-hidden="true">{open ? "−" : "+"}</span>
              </button>
            </h3>
            <div id={`so-piece-${piece.id}-crafts`} hidden={!open} className="grid grid-cols-2 gap-5 p-4">
              {piece.crafts.map((craft) => (
                <CraftInput key={craft.id} order={order} piece={piece} craft={craft} currency={product.currency} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** SO-008: a craft with its price in the style's currency; SO-009: a select among its choices, or free text. */
function CraftInput({
  order,
  piece,
  craft,
  currency,
}: {
  order: OrderEntryRef;
  piece: StylePiece;
  craft: StyleCraft;
  currency: string;
}) {
  const { t } = useLingui();
  const field = craftField(piece.id, craft.id);
  const value = useSelector(order, (s) => selectStyleCraftValue(s, piece.id, craft.id));
  const error = useFieldError(order, field);
  const send = (v: string) =>
    order.send({ type: "user.setStyleCraft", pieceId: piece.id, craftId: craft.id, value: v });
  const id = `so-craft-${piece.id}-${craft.id}`;
  return (
    <Field
      id={id}
      name={field}
      required={isRequiredCraft(craft)}
      error={error}
      label={craft.name}
      hint={
        <span data-testid="craft-price">
          <Trans>
            Price: <Money amount={craft.price} currency={currency} />
          </Trans>
        </span>
      }
    >
      {(control, invalid) =>
        offersChoices(craft) ? (
          <select
            {...control}
            className={controlVariants({ invalid })}
            value={value}
            onChange={(e) => send(e.target.value)}
          >
            <option value="">{t`Please choose`}</option>
            {craft.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choiceName(craft, choice)}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...control}
            className={controlVariants({ invalid })}
            value={value}
            maxLength={STYLE_TEXT_MAX}
            onChange={(e) => send(e.target.value)}
          />
        )
      }
    </Field>
  );
}
