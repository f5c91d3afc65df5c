import { useEffect, useState } from "react";
import { useSelector } from "@xstate/react";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { components } from "../../../openapi/portal";
import { MAX_AMOUNT, MIN_AMOUNT } from "../../../machines/cartItem/cartItem.machine.ts";
import {
  isAddProductTicked,
  isCardSaving,
  isConfirmingDelete,
  selectAmount,
  selectCardRefusal,
  selectPrice,
} from "../../../machines/cartItem/cartItem.selectors.ts";
import type { CartItemRef } from "../../../machines/saveItems/saveItems.machine.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { ConfirmDialog } from "../../ui/Dialog.tsx";
import { Img } from "../../ui/Img.tsx";
import { Money } from "../../ui/Money.tsx";
import { EditableOrderLabels, LabelEditorButton } from "../labels/index.ts";
import { toasts } from "../../ui/toast.ts";
import { cartRefusalText } from "./messages.ts";
import { openInNewTab, orderLink, type OrderLink } from "./orderLinks.ts";
import { cents } from "./queries.ts";

export type CartOrder = components["schemas"]["CartOrder"];

/**
 * One saved order (CART-011..017, CART-021): picture, category, fabric, customer, labels, the quantity
 * (debounced, CART-030), add-product, the price with its currency, select, edit, buy again and delete.
 * What may change and when is the card's machine (machines/cartItem), spawned by the page's machine
 * (machines/saveItems), which also keeps it in step with the list; the card renders it through
 * cartItem.selectors.ts and sends intent. Whether it is selected is the page machine's.
 */
export function CartItemCard({
  item,
  actor,
  selected,
  onSelect,
}: {
  item: CartOrder;
  actor: CartItemRef;
  selected: boolean;
  onSelect: (orderId: string, checked: boolean) => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const amount = useSelector(actor, selectAmount);
  const addProduct = useSelector(actor, isAddProductTicked);
  const price = useSelector(actor, selectPrice);
  const refusal = useSelector(actor, selectCardRefusal);
  const busy = useSelector(actor, isCardSaving);
  const confirmingDelete = useSelector(actor, isConfirmingDelete);
  const [draft, setDraft] = useState<string | null>(null);
  const [buyAgain, setBuyAgain] = useState<OrderLink | null>(null);

  // A refusal is said once, as an error toast (API-008).
  useEffect(() => {
    if (refusal) toasts.show("error", cartRefusalText(refusal));
  }, [refusal]);

  useEffect(() => {
    const subscription = actor.on("edit", () => {
      const link = orderLink(item, "edit");
      if (link) void navigate(link);
    });
    return () => subscription.unsubscribe();
  }, [actor, item, navigate]);

  const editLink = orderLink(item, "edit");
  const buyLink = orderLink(item, "buyagain");
  const code = item.orderCode;
  const labelId = `cart-item-${item.orderId}`;

  const startBuyAgain = () => {
    if (!buyLink) return;
    // PROD-015: an order with a remark asks first whether the copy is complete
    if (item.remark.trim()) setBuyAgain(buyLink);
    else openInNewTab(router, buyLink);
  };

  return (
    <li
      className="flex items-center gap-5 rounded border border-slate-200 bg-white p-4"
      aria-labelledby={labelId}
      data-testid="cart-item"
      data-order-id={item.orderId}
    >
      <Checkbox
        id={`check-${item.orderId}`}
        checked={selected}
        onCheckedChange={(checked) => onSelect(item.orderId, checked)}
        label={<span className="sr-only">{t`Select order ${code}`}</span>}
      />
      <Img src={item.clothUrl} alt={item.clothZhName} className="h-24 w-20 shrink-0 rounded bg-slate-50 object-cover" />
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <h2 id={labelId} className="text-base font-semibold text-slate-900">
          {item.clothZhName} <span className="font-normal text-slate-700">{code}</span>
        </h2>
        <p className="text-slate-700">
          <Trans>Fabric: {item.fabric}</Trans>
        </p>
        <p className="text-slate-700">
          <Trans>Customer: {item.custName}</Trans>
          {item.cusOrderCode ? <span className="ml-2">({item.cusOrderCode})</span> : null}
        </p>
        {/* CART-013, LABEL-020: the labels, each can be taken off */}
        <EditableOrderLabels orderId={item.orderId} labels={item.labels} />
      </div>

      {/* CART-011, CART-030, CART-035: the quantity */}
      <div className="flex items-center" role="group" aria-label={t`Quantity of ${code}`}>
        <Button
          variant="outline"
          size="sm"
          aria-label={t`Decrease the quantity of ${code}`}
          onClick={() => actor.send({ type: "user.decrement" })}
        >
          −
        </Button>
        <input
          aria-label={t`Quantity of ${code}`}
          inputMode="numeric"
          className="mx-1 h-8 w-12 rounded border border-slate-400 text-center text-sm"
          value={draft ?? String(amount)}
          onChange={(event) => {
            const text = event.target.value.trim();
            setDraft(text);
            if (/^\d+$/.test(text)) actor.send({ type: "user.setAmount", amount: Number(text) });
          }}
          onBlur={() => setDraft(null)}
          min={MIN_AMOUNT}
          max={MAX_AMOUNT}
        />
        <Button
          variant="outline"
          size="sm"
          aria-label={t`Increase the quantity of ${code}`}
          onClick={() => actor.send({ type: "user.increment" })}
        >
          +
        </Button>
      </div>

      {/* CART-012, CART-032, CART-033, CART-040 */}
      <Checkbox
        id={`add-product-${item.orderId}`}
        checked={addProduct}
        onCheckedChange={() => actor.send({ type: "user.toggleAddProduct" })}
        label={<Trans>Add product</Trans>}
        pending={busy}
      />

      <div className="w-36 text-right">
        <Money cents={cents(price)} currency={item.moneyType} className="text-base font-semibold text-slate-900" />
        {busy && (
          <p className="text-xs text-slate-600" role="status">
            <Trans>Saving…</Trans>
          </p>
        )}
      </div>

      <div className="flex w-28 flex-col gap-1">
        {editLink && (
          <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "user.edit" })}>
            <Trans>Edit</Trans>
          </Button>
        )}
        {buyLink && (
          <Button variant="outline" size="sm" onClick={startBuyAgain}>
            <Trans>Buy again</Trans>
          </Button>
        )}
        {/* CART-013, LABEL-023: the label editor */}
        <LabelEditorButton orderId={item.orderId} orderCode={code} labels={item.labels} />
        <Button variant="ghost" size="sm" onClick={() => actor.send({ type: "user.requestDelete" })}>
          <Trans>Delete</Trans>
        </Button>
      </div>

      {/* CART-041: delete asks first */}
      <ConfirmDialog
        open={confirmingDelete}
        title={<Trans>Delete order {code}?</Trans>}
        description={<Trans>The order leaves the cart for good.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        destructive
        pending={busy}
        onConfirm={() => actor.send({ type: "user.confirmDelete" })}
        onCancel={() => actor.send({ type: "user.cancelDelete" })}
        testId="delete-confirm"
      />
      {/* PROD-015: buy again of an order with a remark */}
      <ConfirmDialog
        open={buyAgain !== null}
        title={<Trans>Buy again</Trans>}
        description={
          <Trans>This order has a note, please confirm whether the information for repurchase is complete.</Trans>
        }
        confirmLabel={<Trans>Continue</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        onConfirm={() => {
          if (buyAgain) openInNewTab(router, buyAgain);
          setBuyAgain(null);
        }}
        onCancel={() => setBuyAgain(null)}
        testId="buy-again-confirm"
      />
    </li>
  );
}
