import { useEffect, useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  AccessorySelectors,
  CraftsStep,
  CustomerFields,
  FabricField,
  OrderSummary,
  RemakeBanner,
  SizeBodyStep,
  useOutcomeFeedback,
  LeavingNotice,
  useRefusalFeedback,
  useRefusalText,
} from "../quickOrder/index.ts";
import { shellQueries } from "../shell/index.ts";

import { Button } from "../../ui/Button.tsx";
import {
  FIXED_BAR_THROTTLE_MS,
  PROFESSIONAL_ORDER_WAY,
  PROFESSIONAL_SECTIONS,
  sameSummaryPieces,
  selectKeptForm,
  selectOnForm,
  selectOrderPieces,
  selectSummaryPieces,
  selectWarning,
  showsFixedBar,
  type ProfessionalSection,
} from "../../../machines/professionalOrder/professionalOrder.selectors.ts";
import type { RemakeMark } from "../../../machines/orderEntry/types.ts";
import type { OrderMode } from "../../../machines/professionalOrder/professionalOrder.machine.ts";
import { professionalOrderWithMethod } from "./professionalOrder.ts";
import { dropKeptForms, keepForm } from "./keptForms.ts";
import { throttle } from "./throttle.ts";
import { inspectFlow } from "../../app/liveFlows.ts";
import {
  isOrderBusy,
  isLoadingOrder,
  isOrderLoadFailed,
  selectOrderCode,
  selectAddablePieces,
  selectChosenPiecesKey,
  isLoadingPiece,
  selectPieceTrees,
  selectCategoryId,
} from "../../../machines/orderEntry/selectors.ts";
import { LoadingStatus } from "../../ui/RouteStatus.tsx";

type ProfessionalOrderRef = ReturnType<typeof useProfessionalOrder>;
/** D-03: the link's `sizeCategoryId` is the measurement method the page opens on (read once, like the input). */
const useProfessionalOrder = (
  input: { categoryId: number; orderId?: string; mode: OrderMode; remake: RemakeMark | null },
  sizeCategoryId: number | undefined,
) => {
  const [machine] = useState(() => professionalOrderWithMethod(sizeCategoryId));
  return useActorRef(machine, { input, inspect: inspectFlow });
};

const ROUTE = "/peofessionalOrder";

/** PO-009, PO-010: past 120 px of scrolling the actions repeat in a fixed bar; the scroll is read at most every 200 ms. */
function useFixedBar(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = throttle(() => setShown(showsFixedBar(window.scrollY)), FIXED_BAR_THROTTLE_MS);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      onScroll.cancel();
    };
  }, []);
  return shown;
}

/** PO-008: Save to cart and Submit (in the header, and again in the fixed bar). */
function Actions({ order }: { order: ProfessionalOrderRef }) {
  const pending = useSelector(order, isOrderBusy);
  const onForm = useSelector(order, selectOnForm);
  return (
    <div className="flex gap-3">
      <Button variant="outline" pending={pending} disabled={!onForm} onClick={() => order.send({ type: "user.save" })}>
        <Trans>Save to cart</Trans>
      </Button>
      <Button pending={pending} disabled={!onForm} onClick={() => order.send({ type: "user.submit" })}>
        <Trans>Submit</Trans>
      </Button>
    </div>
  );
}

/**
 * PO-001..039, 000 §2.7: the professional order on one page: the header (category switcher, the four
 * step labels, order number, warning banner, Save to cart and Submit), then the fabric, the crafts and
 * monogram of each garment piece, the customer, the measurement method, posture and measurements.
 */
export function ProfessionalOrderPage({
  categoryId,
  orderId,
  mode,
  sizeCategoryId,
  remake = null,
}: {
  categoryId: number;
  orderId?: string;
  mode: OrderMode;
  sizeCategoryId?: number;
  remake?: RemakeMark | null;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const order = useProfessionalOrder({ categoryId, orderId, mode, remake }, sizeCategoryId);
  const loading = useSelector(order, isLoadingOrder);
  const failed = useSelector(order, isOrderLoadFailed);
  const onForm = useSelector(order, selectOnForm);
  const orderCode = useSelector(order, selectOrderCode);
  const warning = useSelector(order, selectWarning);
  const refusal = useRefusalText(order);
  const categories = useQuery(shellQueries.categories(PROFESSIONAL_ORDER_WAY));
  const fixedBar = useFixedBar();
  // PO-002: the summary lists each piece with its own crafts and monogram rows
  const summaryPieces = useSelector(order, selectSummaryPieces, sameSummaryPieces);

  // 000 §8: a refusal is said in a toast and its field is marked, scrolled into view and focused
  useRefusalFeedback(order);

  // PO-021: leaving the page drops the kept forms (switching category stays on the page)
  useEffect(
    () =>
      router.subscribe("onBeforeNavigate", ({ toLocation }) => {
        if (toLocation.pathname !== ROUTE) dropKeptForms();
      }),
    [router],
  );

  // QO-018, API-007, QO-127: a synced accessory and the outcome are said as on every order page;
  // PO-021: a saved or submitted order takes its kept forms with it
  useOutcomeFeedback(order, dropKeptForms);

  /** PO-004, PO-020: another category reloads the page; this one's unsaved form is kept for coming back. */
  const switchCategory = (id: number) => {
    const snapshot = order.getSnapshot();
    if (selectOnForm(snapshot)) keepForm(categoryId, selectKeptForm(snapshot));
    void navigate({ to: ROUTE, search: { id } });
  };

  const labels: Record<ProfessionalSection, string> = {
    crafts: t`Fabric, crafts & monogram`,
    customer: t`Customer info`,
    method: t`Measurement method & posture`,
    measurements: t`Measurements`,
  };

  return (
    <main className="mx-auto w-[1380px] py-8" data-testid="professional-order">
      <header className="mb-6 space-y-4">
        <div className="flex items-center justify-between gap-6">
          <div>
            <h1 className="text-2xl font-semibold text-brand">
              <Trans>Professional order</Trans>
            </h1>
            {/* PO-006 */}
            {orderCode && (
              <p className="text-sm text-slate-700" data-testid="order-code">
                <Trans>Order number: {orderCode}</Trans>
              </p>
            )}
            <RemakeBanner order={order} />
          </div>
          {/* PO-003, PO-004 */}
          <label className="flex items-center gap-2 text-sm">
            <span>
              <Trans>Garment category</Trans>
            </span>
            <select
              className="rounded border border-slate-400 px-3 py-1.5"
              value={categoryId}
              onChange={(e) => switchCategory(Number(e.target.value))}
            >
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <Actions order={order} />
        </div>
        {/* PO-005: the four step labels, each leading to its section */}
        <ol className="grid grid-cols-4 gap-4" aria-label={t`Steps`}>
          {PROFESSIONAL_SECTIONS.map((section, i) => (
            <li key={section}>
              <a
                href={`#po-${section}`}
                className="block rounded border border-brand px-4 py-3 text-sm font-semibold text-brand hover:bg-brand hover:text-white"
              >
                {i + 1}. {labels[section]}
              </a>
            </li>
          ))}
        </ol>
        {/* PO-007: the order's backend error, for a new or a pending order */}
        {warning && (
          <p
            role="note"
            data-testid="order-warning"
            className="rounded border border-amber-400 bg-amber-50 px-4 py-2 text-sm text-amber-900"
          >
            {warning}
          </p>
        )}
      </header>
      {/* PO-009: the actions again, fixed at the top once the page scrolled past 120 px */}
      {fixedBar && (
        <div
          role="region"
          aria-label={t`Order actions`}
          data-testid="fixed-actions"
          className="fixed inset-x-0 top-0 z-50 h-16 border-b border-slate-200 bg-white shadow"
        >
          <div className="mx-auto flex h-full w-[1380px] items-center justify-between">
            <span className="font-semibold text-brand">
              <Trans>Professional order</Trans>
              {orderCode ? ` · ${orderCode}` : ""}
            </span>
            <Actions order={order} />
          </div>
        </div>
      )}
      {refusal && (
        <p
          role="alert"
          className="mb-4 flex items-center justify-between rounded border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800"
        >
          {refusal}
          <button
            type="button"
            className="text-xs underline"
            onClick={() => order.send({ type: "user.dismissRefusal" })}
          >
            <Trans>Dismiss</Trans>
          </button>
        </p>
      )}
      {loading && <LoadingStatus />}
      {failed && (
        <p className="py-20 text-center text-red-700">
          {orderId ? <Trans>This order could not be opened.</Trans> : <Trans>This category could not be loaded.</Trans>}
        </p>
      )}
      {/* issue 20 §8: saved or submitted: where the user is going, until that page shows */}
      <LeavingNotice order={order} />
      {onForm && (
        <div className="grid grid-cols-[1fr_340px] gap-8">
          <div className="space-y-10">
            <section id="po-crafts" aria-labelledby="po-crafts-title" className="scroll-mt-20 space-y-8">
              <h2 id="po-crafts-title" className="sr-only">
                {labels.crafts}
              </h2>
              <FabricField order={order} />
              <AccessorySelectors order={order} />
              <PieceChooser order={order} />
              <PieceSections order={order} />
            </section>
            <section id="po-customer" aria-labelledby="po-customer-title" className="scroll-mt-20">
              <h2 id="po-customer-title" className="sr-only">
                {labels.customer}
              </h2>
              <CustomerFields order={order} weightRequired={false} />
            </section>
            <section id="po-method" aria-labelledby="po-method-title" className="scroll-mt-20">
              <h2 id="po-method-title" className="sr-only">
                {labels.method}
              </h2>
              <div id="po-measurements" className="scroll-mt-20">
                <SizeBodyStep order={order} addProducts={false} />
              </div>
            </section>
          </div>
          <OrderSummary order={order} pieces={summaryPieces} />
        </div>
      )}
    </main>
  );
}

/** PO-002: the further garment pieces the category offers (e.g. trousers with a suit), each with its own crafts. */
function PieceChooser({ order }: { order: ProfessionalOrderRef }) {
  const addable = useSelector(order, selectAddablePieces);
  const chosen = useSelector(order, selectChosenPiecesKey);
  const loadingPiece = useSelector(order, isLoadingPiece);
  const trees = useSelector(order, selectPieceTrees);
  if (addable.length === 0) return null;
  return (
    <fieldset aria-busy={loadingPiece || undefined}>
      <legend className="mb-2 text-lg font-semibold text-brand">
        <Trans>Garment pieces</Trans>
      </legend>
      <div className="flex flex-wrap gap-6 text-sm">
        {addable.map((product) => (
          <label key={product.id} className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={chosen.split(",").includes(String(product.id))}
              disabled={loadingPiece}
              onChange={() => order.send({ type: "user.toggleAddProduct", categoryId: product.id })}
            />
            {trees.find((p) => p.categoryId === product.id)?.name ?? product.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** PO-002, PO-011: the crafts and monogram rows of each piece of the order, with the craft search (PO-018). */
function PieceSections({ order }: { order: ProfessionalOrderRef }) {
  const pieces = useSelector(
    order,
    (s) => selectOrderPieces(s).map((p) => `${p.categoryId}:${p.name}`),
    (a, b) => a.join() === b.join(),
  );
  const main = useSelector(order, selectCategoryId);
  return (
    <>
      {pieces.map((key) => {
        const [id = "", name = ""] = key.split(/:(.*)/s);
        const categoryId = Number(id);
        const isMain = categoryId === main;
        return (
          <section
            key={key}
            aria-labelledby={`po-piece-${categoryId}`}
            data-testid={`piece-${categoryId}`}
            data-field={isMain ? "crafts" : `piece.${categoryId}.crafts`}
            className="space-y-4 rounded border border-slate-200 p-4"
          >
            <h2 id={`po-piece-${categoryId}`} className="text-xl font-semibold text-brand">
              {name}
            </h2>
            <CraftsStep
              order={order}
              piece={isMain ? undefined : categoryId}
              extras
              contrast={isMain}
              search
              confirmRemove
            />
          </section>
        );
      })}
    </>
  );
}
