import { useSelector } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "../quickOrder/index.ts";
import { selectStyleBasic } from "../../../machines/orderEntry/selectors.ts";

/** QO-093: the base styles step 3 of the simple order loads; a base that does not offer a chosen craft is refused. */
export function StylePicker({ order }: { order: OrderEntryRef }) {
  const { t } = useLingui();
  const styles = useSelector(order, selectStyleBasic);
  if (styles.options.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-3 text-lg font-semibold text-brand">
        <Trans>Base style</Trans>
      </legend>
      <div role="radiogroup" aria-label={t`Base style`} className="grid grid-cols-3 gap-3">
        {styles.options.map((o) => (
          <label
            key={o.id}
            className={`flex cursor-pointer flex-col gap-1 rounded border p-3 text-sm ${styles.chosen === o.id ? "border-brand ring-2 ring-brand" : "border-slate-300"}`}
          >
            <span className="flex items-center gap-2 font-semibold">
              <input
                type="radio"
                name="base-style"
                checked={styles.chosen === o.id}
                onChange={() => order.send({ type: "user.pickStyle", styleBasicId: o.id })}
              />
              {o.name}
            </span>
            <span className="text-slate-700">{o.description}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
