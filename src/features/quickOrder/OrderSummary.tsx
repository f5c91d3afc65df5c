import { useSelector } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import { indexTree } from "../../../machines/shared/crafts/craftTree.ts";

/** QO-009, QO-010: the garment preview and the chosen fabric, crafts and embroidery. */
export function OrderSummary({ order }: { order: OrderEntryRef }) {
  const { t } = useLingui();
  const fabric = useSelector(order, (s) => s.context.fabric);
  const categoryId = useSelector(order, (s) => s.context.categoryId);
  const crafts = useSelector(order, (s) => {
    const index = indexTree(s.context.setup?.tree ?? []);
    return s.context.crafts.selected.map((id) => index.byId.get(id)).filter((n) => n !== undefined).map((n) => n.name);
  }, (a, b) => a.join() === b.join());
  const monogram = useSelector(order, (s) => s.context.monogram.filter((r) => r.siteName).map((r) => `${r.siteName}: ${r.content}`), (a, b) => a.join() === b.join());
  return (
    <aside className="sticky top-20 h-fit rounded border border-slate-200 p-5" aria-label={t`Order summary`} data-testid="order-summary">
      <img src={`/img/category/${categoryId}.svg`} alt="" className="mx-auto mb-4 h-48" />
      <dl className="space-y-3 text-sm">
        <div><dt className="font-semibold text-slate-800"><Trans>Fabric</Trans></dt><dd className="text-slate-700">{fabric.code || "—"}</dd></div>
        <div><dt className="font-semibold text-slate-800"><Trans>Crafts</Trans></dt><dd className="text-slate-700">{crafts.join(", ") || "—"}</dd></div>
        <div><dt className="font-semibold text-slate-800"><Trans>Monogram</Trans></dt><dd className="text-slate-700">{monogram.join("; ") || "—"}</dd></div>
      </dl>
    </aside>
  );
}
