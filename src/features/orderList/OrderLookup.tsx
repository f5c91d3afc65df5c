import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { Combobox } from "../../ui/Combobox.tsx";
import { controlVariants } from "../../ui/Field.tsx";
import { useDebounced } from "../../ui/useDebounced.ts";
import { orderListQueries } from "./queries.ts";

/** CART-003: the order-number lookup asks the server this long after the last keystroke. */
const LOOKUP_DEBOUNCE_MS = 300;

/**
 * CART-003, CART-009, CART-050, PROD-002: the remote order-number lookup (the order search selector of
 * every order list). As the user types (debounced), the
 * caller's orders whose code or customer order code contain the text are offered; choosing one opens
 * it where it lives: a saved order in /saveItems, a pending one in /myOrder, the others in /underProduction.
 * The box starts with `initial` (the order the list is narrowed to, else empty).
 */
export function OrderLookup({ initial }: { initial: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const keyWord = useDebounced(text.trim(), LOOKUP_DEBOUNCE_MS);
  const matches = useQuery(orderListQueries.orderCodes(keyWord));
  const items = keyWord === text.trim() ? (matches.data ?? []) : [];
  return (
    <div role="search" aria-label={t`Find an order`} className="w-80">
      <label htmlFor="order-lookup" className="mb-1 block text-sm font-medium text-slate-800">
        <Trans>Order number</Trans>
      </label>
      <Combobox
        id="order-lookup"
        className={controlVariants()}
        inputValue={text}
        onInputValueChange={setText}
        items={items}
        itemKey={(match) => match.orderCode}
        renderItem={(match) => (
          <span className="flex items-center justify-between gap-2">
            <span>
              {match.orderCode}
              {match.customOrderNo ? <span className="text-slate-600"> · {match.customOrderNo}</span> : null}
            </span>
            <span className="text-xs text-slate-600">
              {match.source === "cart" ? (
                <Trans>Saved items</Trans>
              ) : match.source === "pending" ? (
                <Trans>Pending</Trans>
              ) : (
                <Trans>Order list</Trans>
              )}
            </span>
          </span>
        )}
        onSelect={(match) => {
          setText(match.orderCode);
          // CART-009: the match's source decides where it opens
          const search = { orderNum: match.orderCode };
          if (match.source === "cart") void navigate({ to: "/saveItems", search });
          // a pending order is on my order's pending list: the list narrows to it
          else if (match.source === "pending") void navigate({ to: "/myOrder", search });
          else void navigate({ to: "/underProduction", search });
        }}
        emptyText={
          keyWord !== "" && keyWord === text.trim() && matches.isSuccess ? <Trans>No order found</Trans> : undefined
        }
        listId="order-lookup-options"
        listLabel={t`Orders found`}
        placeholder={t`Order or customer order number`}
      />
    </div>
  );
}
