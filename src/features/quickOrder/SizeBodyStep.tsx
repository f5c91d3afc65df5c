import { useSelector } from "@xstate/react";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import { shellQueries } from "../shell/queries.ts";
import { SIZE_METHOD, disabledPartsOf } from "../../../machines/quickOrder/quickOrder.machine.ts";
import { isOutOfRange } from "../../../machines/shared/measurements/sizeRules.ts";
import { HEIGHT_UNIT } from "../../../machines/shared/measurements/units.ts";

/** Dictionary category 13: measurement methods (QO-079, QO-094). */
const DICT_SIZE_METHODS = 13;

/** QO-039..042, QO-157..160: the method, then one input per part with its range, unit and star. */
export function SizeBodyStep({ order }: { order: OrderEntryRef }) {
  const { t } = useLingui();
  const methods = useQuery(shellQueries.dictionary(DICT_SIZE_METHODS));
  const size = useSelector(order, (s) => s.context.size);
  const unit = useSelector(order, (s) => (s.context.basic.heightUnit === HEIGHT_UNIT.inch ? "inch" : "cm"));
  const disabled = useSelector(order, (s) => disabledPartsOf(s.context), (a, b) => [...a].join() === [...b].join());
  const loading = useSelector(order, (s) => s.hasTag("loadingParts"));
  const presizing = useSelector(order, (s) => s.hasTag("presizing"));

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="mb-3 text-lg font-semibold text-brand"><Trans>Measurement method</Trans></legend>
        <div role="radiogroup" className="flex gap-6 text-sm">
          {(methods.data ?? []).map((m) => (
            <label key={m.id} className="flex items-center gap-1.5">
              <input type="radio" name="qo-method" checked={size.method === m.id} onChange={() => order.send({ type: "user.selectMethod", method: m.id })} />
              {m.name}
            </label>
          ))}
        </div>
      </fieldset>
      {loading && <p aria-busy="true" className="text-slate-600"><Trans>Loading measurements…</Trans></p>}
      <ul className="grid grid-cols-3 gap-4" aria-label={t`Measurements`}>
        {size.parts.filter((p) => !disabled.has(p.id)).map((part) => {
          const raw = size.values[part.id] ?? "";
          const bad = isOutOfRange(part, raw);
          return (
            <li key={part.id}>
              <label htmlFor={`qo-part-${part.id}`} className="mb-1 block text-sm font-medium text-slate-800">
                {part.name} {part.isMust === 1 && <span aria-hidden="true" className="text-red-700">*</span>}
              </label>
              <div className="flex items-center gap-2">
                <input
                  id={`qo-part-${part.id}`}
                  inputMode="decimal"
                  aria-invalid={bad || undefined}
                  aria-required={part.isMust === 1 || undefined}
                  aria-describedby={`qo-part-${part.id}-range`}
                  className={`w-full rounded border px-3 py-2 text-sm ${bad ? "border-red-600 bg-red-50 text-red-800" : "border-slate-400"}`}
                  value={raw}
                  onChange={(e) => order.send({ type: "user.setMeasure", partId: part.id, value: e.target.value })}
                />
                <span className="text-sm text-slate-700">{unit}</span>
              </div>
              <p id={`qo-part-${part.id}-range`} className={`mt-0.5 text-xs ${bad ? "text-red-700" : "text-slate-600"}`}>{part.minValue} – {part.maxValue}</p>
            </li>
          );
        })}
      </ul>
      {size.method === SIZE_METHOD.body && (
        <div className="flex items-center gap-3">
          <button type="button" disabled={presizing} className="rounded border border-brand px-4 py-2 text-sm font-semibold text-brand disabled:opacity-60" onClick={() => order.send({ type: "user.presize" })}>
            <Trans>Calculate finished sizes</Trans>
          </button>
          {size.presized && <span className="text-sm text-green-800" role="status"><Trans>Finished sizes calculated</Trans></span>}
        </div>
      )}
    </div>
  );
}
