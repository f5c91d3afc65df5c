import { useCallback, useState } from "react";
import { useQuery, useSuspenseQuery, useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { i18n } from "../../app/i18n.ts";
import { queryClient } from "../../app/queryClient.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Money } from "../../ui/Money.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { cn } from "../../ui/cn.ts";
import { toasts } from "../../ui/toast.ts";
import { LabelLibraryButton } from "../labels/index.ts";
import { CartItemCard, type CardState, type CartOrder } from "./CartItemCard.tsx";
import { cartQueries, cents, idList, pageSizeOf, type CartSearch } from "./queries.ts";
import { useSubmitQueue } from "./SubmitQueueDialog.tsx";
import { balanceCovers } from "../../../machines/submitQueue/submitQueue.selectors.ts";

type CartPage = { items: CartOrder[]; total: number };

const CHECK_MUTATION = ["cartList", "check"];

/** CART-034: the stored check flag of some orders, shown at once and put back when the server refuses. */
function useSelection(search: CartSearch) {
  const key = cartQueries.list(search).queryKey;
  return useMutation({
    mutationKey: CHECK_MUTATION,
    mutationFn: async ({ ids, check }: { ids: string[]; check: 0 | 1 }) =>
      unwrap(await api.POST("/pc/order/updateOrderCheck", { body: { orderIds: idList(ids), check } })),
    onMutate: async ({ ids, check }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CartPage>(key);
      if (before)
        queryClient.setQueryData<CartPage>(key, {
          ...before,
          items: before.items.map((item) => (ids.includes(item.orderId) ? { ...item, check } : item)),
        });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      // CART-053
      toasts.show("error", i18n._(msg`Update failed`));
    },
    // Read the list again only when the last of several quick clicks has landed: an earlier click's
    // answer would otherwise bring back a list without the later clicks and untick them for a moment.
    onSettled: () =>
      queryClient.isMutating({ mutationKey: CHECK_MUTATION }) === 1
        ? queryClient.invalidateQueries({ queryKey: ["cartList"] })
        : undefined,
  });
}

/**
 * SAVED ITEMS (D-09, CART-002, CART-011..017, CART-034..041): the saved orders as cards, select and
 * select-all by the stored check flag, the summary (the account's balance, what the selection takes,
 * the balance after) and checkout through the submission queue.
 */
export function SaveItemsPage({ search, onSearch }: { search: CartSearch; onSearch: (next: CartSearch) => void }) {
  const { t } = useLingui();
  const { data: page } = useSuspenseQuery(cartQueries.list(search));
  const selection = useSelection(search);
  const queue = useSubmitQueue();
  const [cards, setCards] = useState<ReadonlyMap<string, CardState>>(new Map());
  const onCardState = useCallback((orderId: string, state: CardState | null) => {
    setCards((before) => {
      const old = before.get(orderId);
      if (state === null ? !old : old && old.busy === state.busy && old.price === state.price) return before;
      const next = new Map(before);
      if (state === null) next.delete(orderId);
      else next.set(orderId, state);
      return next;
    });
  }, []);
  // A quantity waits its 500 ms or is being saved: checkout waits for the server's price.
  const saving = [...cards.values()].some((card) => card.busy);

  const editable = page.items.filter((item) => item.isEdit === 1);
  const selected = page.items.filter((item) => item.check === 1);
  const selectedIds = selected.map((item) => item.orderId);
  const sum = useQuery(cartQueries.sum(selectedIds));
  const allSelected = editable.length > 0 && editable.every((item) => item.check === 1);
  const pageSize = pageSizeOf(search.size);
  const pageCount = Math.ceil(page.total / pageSize);

  const summary = sum.data && !sum.isPlaceholderData ? sum.data : null;
  const nothingSelected = selected.length === 0;
  const sumFailed = sum.isError && !summary;
  // CART-036: checkout only when the balance covers the subtotal
  const short = summary !== null && !balanceCovers(summary.balanceCents, summary.orderCents);
  // The summary being read again (after a card's change) is not ready: its subtotal may be the old one
  const ready =
    !nothingSelected && summary !== null && !sum.isFetching && !short && !saving && !queue.starting && !queue.running;
  const unavailable = !nothingSelected && (saving || sumFailed);
  // A figure not read yet is "…"; one whose read failed says so (the reason is under the figures).
  const unknownFigure = sum.isError ? t`Not available` : "…";

  const select = (item: CartOrder, checked: boolean) => {
    // CART-017
    if (item.isEdit !== 1) return toasts.show("error", i18n._(msg`No permission to modify`));
    selection.mutate({ ids: [item.orderId], check: checked ? 1 : 0 });
  };

  const checkout = () => {
    // CART-037, CART-052, D-14: a dimmed checkout says why
    if (short) return toasts.show("error", i18n._(msg`Insufficient Balance`));
    if (!ready) return;
    void queue.start(
      selected.map((item) => ({
        id: Number(item.orderId),
        code: item.orderCode,
        // The price the server last answered for the card (its quantity's update), not an older list read
        priceCents: cents(cards.get(item.orderId)?.price ?? item.price),
      })),
    );
  };

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
                checked={allSelected}
                onCheckedChange={(checked) =>
                  selection.mutate({ ids: editable.map((item) => item.orderId), check: checked ? 1 : 0 })
                }
                label={<Trans>Select all</Trans>}
                disabled={editable.length === 0}
              />
              <p className="text-sm text-slate-700" role="status">
                <Plural value={page.total} one="# saved order" other="# saved orders" />
              </p>
            </div>
            <ul aria-label={t`Saved orders`} className="space-y-3">
              {page.items.map((item) => (
                <CartItemCard key={item.orderId} item={item} onSelect={select} onState={onCardState} />
              ))}
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
                {sum.data ? <Money cents={sum.data.balanceCents} currency={sum.data.moneyType} /> : unknownFigure}
              </dd>
              <dt>
                <Plural value={selected.length} one="Selected (# order)" other="Selected (# orders)" />
              </dt>
              <dd className="text-right" data-testid="subtotal">
                {sum.data ? <Money cents={sum.data.orderCents} currency={sum.data.moneyType} /> : unknownFigure}
              </dd>
              <dt>
                <Trans>Balance after</Trans>
              </dt>
              <dd className={cn("text-right", short && "text-red-800")} data-testid="balance-after-checkout">
                {sum.data ? (
                  <Money cents={sum.data.balanceCents - sum.data.orderCents} currency={sum.data.moneyType} />
                ) : (
                  unknownFigure
                )}
              </dd>
            </dl>
            {sumFailed && (
              <p id="checkout-unavailable" className="font-medium text-red-800" role="alert" data-testid="sum-error">
                <Trans>The balance and the subtotal could not be read; checkout is unavailable. Reload the page.</Trans>
              </p>
            )}
            {saving && !sumFailed && !nothingSelected && (
              <p id="checkout-unavailable" className="text-slate-700" role="status" data-testid="checkout-saving">
                <Trans>Saving changes…</Trans>
              </p>
            )}
            {short && (
              // CART-037, CART-052, D-14
              <p id="checkout-short" className="font-medium text-red-800" role="alert">
                <Trans>Insufficient Balance</Trans>
              </p>
            )}
            <Button
              block
              size="lg"
              onClick={checkout}
              // CART-039: grey and inactive with nothing selected; CART-038: dimmed when the balance is short.
              // Inactive too while the summary is read again, so a click is never swallowed by `!ready`.
              disabled={nothingSelected || unavailable || (!ready && !short)}
              aria-describedby={unavailable ? "checkout-unavailable" : short ? "checkout-short" : undefined}
              className={cn(nothingSelected && "bg-slate-400 text-white", short && "bg-slate-500 hover:bg-slate-500")}
              data-state={
                nothingSelected
                  ? "empty"
                  : sumFailed
                    ? "error"
                    : saving
                      ? "saving"
                      : short
                        ? "short"
                        : ready
                          ? "ready"
                          : "waiting"
              }
            >
              <Trans>Checkout</Trans>
            </Button>
          </aside>
        </div>
      )}
      {queue.dialog}
    </main>
  );
}
