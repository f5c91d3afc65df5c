import { useSelector } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import { selectContrastPicks, selectContrastSites, surchargeOf } from "../../../machines/orderEntry/selectors.ts";
import { useSurchargeLabel } from "./surchargeLabel.ts";

/** QO-035, QO-036: contrast sites with positions and a contrast fabric (TEXT fabrics take a value). */
export function ContrastPanel({ order }: { order: OrderEntryRef }) {
  const { t } = useLingui();
  const surchargeLabel = useSurchargeLabel();
  const sites = useSelector(order, selectContrastSites);
  const picks = useSelector(order, selectContrastPicks);
  if (sites.length === 0)
    return (
      <p className="text-sm text-slate-600">
        <Trans>No colour contrast for this category.</Trans>
      </p>
    );
  return (
    <div className="space-y-4">
      {sites.map((site, index) => {
        const pick = picks[index];
        if (!pick) return null;
        const fabric = site.fabrics.find((f) => f.id === pick.chooseFabric);
        return (
          <fieldset key={site.id} className="rounded border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-brand">{site.name}</legend>
            <div className="mb-2 flex flex-wrap gap-4 text-sm">
              {site.positions.map((position) => (
                <label key={position.id} className="flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    checked={pick.positions.includes(position.id)}
                    onChange={() =>
                      order.send({ type: "user.toggleContrastPosition", site: index, position: position.id })
                    }
                  />
                  {surchargeLabel(position.name, surchargeOf(position))}
                </label>
              ))}
            </div>
            <div className="flex items-center gap-2">
              <select
                aria-label={t`Contrast fabric for ${site.name}`}
                className="rounded border border-slate-400 px-2 py-1.5 text-sm"
                value={pick.chooseFabric ?? ""}
                onChange={(e) =>
                  order.send({
                    type: "user.pickContrastFabric",
                    site: index,
                    fabricId: e.target.value === "" ? null : Number(e.target.value),
                  })
                }
              >
                <option value="">{t`Contrast fabric`}</option>
                {site.fabrics.map((f) => (
                  <option key={f.id} value={f.id}>
                    {surchargeLabel(f.name, surchargeOf(f))}
                  </option>
                ))}
              </select>
              {fabric?.sourceType === "TEXT" && (
                <input
                  aria-label={t`Contrast fabric for ${site.name}: value`}
                  className="rounded border border-slate-400 px-2 py-1.5 text-sm"
                  value={pick.text}
                  onChange={(e) => order.send({ type: "user.setContrastText", site: index, text: e.target.value })}
                />
              )}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
