import { useEffect, useLayoutEffect } from "react";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { shallowEqual, useActorRef, useSelector } from "@xstate/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import {
  sameList,
  selectCards,
  selectCheckout,
  selectQueue,
  selectRefusal,
  selectSelectAll,
  selectSelectedIds,
  selectSummary,
} from "../../../machines/saveItems/saveItems.selectors.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Money } from "../../ui/Money.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { cn } from "../../ui/cn.ts";
import { toasts } from "../../ui/toast.ts";
import { LabelLibraryButton } from "../labels/index.ts";
import { CartItemCard } from "./CartItemCard.tsx";
import { cartRefusalText } from "./messages.ts";
import { cartQueries, pageSizeOf, type CartSearch } from "./queries.ts";
import { boundSaveItemsMachine } from "./saveItems.ts";
import { readStoredQueue } from "./submitQueue.ts";
import { QueueDialog, useQueueOwner } from "./SubmitQueueDialog.tsx";

/**
 * SAVED ITEMS (D-09, CART-002, CART-011..017, CART-034..041): the saved orders as cards, select and
 * select-all by the stored check flag, the summary (the account's balance, what the selection takes,
 * the balance after) and checkout through the submission queue. The page's machine
 * (machines/saveItems) holds the cards, the selection, whether checkout may run and the queue; the
 * page tells it what the list and the summary read, renders it through its selectors and sends intent.
 */
export function SaveItemsPage({ search, onSearch }: { search: CartSearch; onSearch: (next: CartSearch) => void }) {
  const { t } = useLingui();
  const { data: page } = useSuspenseQuery(cartQueries.list(search));
  const actor = useActorRef(boundSaveItemsMachine, { input: { rows: page.items } });
  // Before the paint: a row never shows without its card's actor.
  useLayoutEffect(() => actor.send({ type: "list.read", rows: page.items }), [actor, page.items]);

  const selectedIds = useSelector(actor, selectSelectedIds, sameList);
  const sum = useQuery(cartQueries.sum(selectedIds));
  const { data: figures = null, isPlaceholderData: stale, isFetching: reading, isError: failed } = sum;
  useEffect(
    () => actor.send({ type: "summary.read", orderIds: selectedIds, figures, stale, reading, failed }),
    [actor, selectedIds, figures, stale, reading, failed],
  );

  // A queue this tab was running before a reload opens again by itself and goes on with the same keys.
  const owner = useQueueOwner();
  useEffect(() => {
    const stored = owner ? readStoredQueue(owner) : null;
    if (stored) actor.send({ type: "queue.resume", queue: stored });
  }, [actor, owner]);

  const cards = useSelector(actor, selectCards);
  const selectAll = useSelector(actor, selectSelectAll, shallowEqual);
  const summary = useSelector(actor, selectSummary, shallowEqual);
  const checkout = useSelector(actor, selectCheckout, shallowEqual);
  const queue = useSelector(actor, selectQueue);
  const refusal = useSelector(actor, selectRefusal);
  useEffect(() => {
    if (refusal) toasts.show("error", cartRefusalText(refusal));
  }, [refusal]);

  const pageCount = Math.ceil(page.total / pageSizeOf(search.size));
  // A figure not read yet is "…"; one whose read failed says so (the reason is under the figures).
  const unknownFigure = summary.missing === "failed" ? t`Not available` : "…";
  const select = (orderId: string, checked: boolean) => actor.send({ type: "user.select", orderId, checked });

  return (
    <main className="mx-auto w-[1380px] py-8" data-testid="save-items">
      <div className="mb-6 flex items-end justify-between">
        <h1 className="text-2xl font-semibold text-brand">
          <Trans>Saved items</Trans>
        </h1>
        {search.orderNum && (
          <p className="text-sm text-slate-700">
            <Trans>Order {search.orderNum}</Trans>{" "}
            <Link to="/saveItems" className="text-brand underline">
              <Trans>Show every saved item</Trans>
            </Link>
          </p>
        )}
        {/* LABEL-009..022: the label library */}
        <LabelLibraryButton />
      </div>

      {page.items.length === 0 ? (
        <div
          className="flex flex-col items-center gap-4 rounded border border-dashed border-slate-300 bg-white py-16 text-center"
          data-testid="cart-empty"
        >
          <p className="text-lg font-medium text-slate-800">
            {page.total > 0 ? (
              <Trans>There are no saved items on this page</Trans>
            ) : search.orderNum ? (
              <Trans>No saved item has the order number {search.orderNum}</Trans>
            ) : (
              <Trans>Your cart is empty</Trans>
            )}
          </p>
          {page.total > 0 ? (
            <Button variant="outline" onClick={() => onSearch({ ...search, page: undefined })}>
              <Trans>First page</Trans>
            </Button>
          ) : (
            <Button asChild>
              <Link to="/newOrder">
                <Trans>New order</Trans>
              </Link>
            </Button>
          )}
        </div>
      ) : (
        <div className="flex items-start gap-6">
          <section aria-label={t`Saved orders`} className="min-w-0 flex-1 space-y-3">
            <div className="flex items-center justify-between rounded bg-white px-4 py-2">
              {/* CART-034: select-all sends every id of the page */}
              <Checkbox
                id="select-all"
                checked={selectAll.checked}
                onCheckedChange={(checked) => actor.send({ type: "user.selectAll", checked })}
                label={<Trans>Select all</Trans>}
                disabled={selectAll.disabled}
              />
              <p className="text-sm text-slate-700" role="status">
                <Plural value={page.total} one="# saved order" other="# saved orders" />
              </p>
            </div>
            <ul aria-label={t`Saved orders`} className="space-y-3">
              {page.items.map((item) => {
                const card = cards[item.orderId];
                return card ? (
                  <CartItemCard
                    key={item.orderId}
                    item={item}
                    actor={card}
                    selected={selectedIds.includes(item.orderId)}
                    onSelect={select}
                  />
                ) : null;
              })}
            </ul>
            <Pagination
              page={search.page ?? 1}
              pageCount={pageCount}
              onPageChange={(next) => onSearch({ ...search, page: next === 1 ? undefined : next })}
              className="pt-2"
            />
          </section>

          {/* CART-016, CART-022, CART-036..039: the summary and checkout */}
          <aside
            aria-label={t`Summary`}
            className="sticky top-4 w-80 shrink-0 space-y-3 rounded border border-slate-200 bg-white p-5 text-sm"
          >
            <h2 className="text-lg font-semibold text-brand">
              <Trans>Summary</Trans>
            </h2>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
              <dt>
                <Trans>Balance</Trans>
              </dt>
              <dd className="text-right" data-testid="balance">
                {figures ? <Money cents={figures.balanceCents} currency={figures.moneyType} /> : unknownFigure}
              </dd>
              <dt>
                <Plural value={summary.selected} one="Selected (# order)" other="Selected (# orders)" />
              </dt>
              <dd className="text-right" data-testid="subtotal">
                {figures ? <Money cents={figures.orderCents} currency={figures.moneyType} /> : unknownFigure}
              </dd>
              <dt>
                <Trans>Balance after</Trans>
              </dt>
              <dd className={cn("text-right", summary.short && "text-red-800")} data-testid="balance-after-checkout">
                {figures ? (
                  <Money cents={figures.balanceCents - figures.orderCents} currency={figures.moneyType} />
                ) : (
                  unknownFigure
                )}
              </dd>
            </dl>
            {checkout.failed && (
              <p id="checkout-unavailable" className="font-medium text-red-800" role="alert" data-testid="sum-error">
                <Trans>The balance and the subtotal could not be read; checkout is unavailable. Reload the page.</Trans>
              </p>
            )}
            {checkout.saving && (
              <p id="checkout-unavailable" className="text-slate-700" role="status" data-testid="checkout-saving">
                <Trans>Saving changes…</Trans>
              </p>
            )}
            {checkout.short && (
              // CART-037, CART-052, D-14
              <p id="checkout-short" className="font-medium text-red-800" role="alert">
                <Trans>Insufficient Balance</Trans>
              </p>
            )}
            <Button
              block
              size="lg"
              onClick={() => actor.send({ type: "user.checkout" })}
              // CART-039: grey and inactive with nothing selected; CART-038: dimmed when the balance is short.
              disabled={checkout.disabled}
              aria-describedby={
                checkout.because === "unavailable"
                  ? "checkout-unavailable"
                  : checkout.because === "short"
                    ? "checkout-short"
                    : undefined
              }
              className={cn(
                checkout.state === "empty" && "bg-slate-400 text-white",
                checkout.short && "bg-slate-500 hover:bg-slate-500",
              )}
              data-state={checkout.state}
            >
              <Trans>Checkout</Trans>
            </Button>
          </aside>
        </div>
      )}
      {queue && <QueueDialog actor={queue} username={owner} />}
    </main>
  );
}
