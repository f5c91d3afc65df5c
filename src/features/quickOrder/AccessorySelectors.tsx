import { useSelector } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import {
  accessoryGroupsOf,
  surchargeOf,
  type CraftNode,
  selectCategoryId,
  selectCraftTree,
  selectChosenOption,
  selectCraftText,
} from "../../../machines/orderEntry/selectors.ts";
import { useSurchargeLabel } from "./surchargeLabel.ts";
import { PictureUpload } from "../upload/index.ts";

const field = "w-full rounded border border-slate-400 px-3 py-2 text-sm";

/**
 * QO-017, QO-018, QO-136: the category's accessories (lining, buttons ...) chosen with the fabric.
 * A chosen option that takes a value shows its input (TEXT) or picture upload (FILE); a COPY
 * accessory offers the sync icon that uses the same choice for the user's other garment categories.
 */
export function AccessorySelectors({ order }: { order: OrderEntryRef }) {
  const categoryId = useSelector(order, selectCategoryId);
  const tree = useSelector(order, selectCraftTree);
  const groups = accessoryGroupsOf(tree, categoryId);
  if (groups.length === 0) return null;
  return (
    <fieldset className="grid grid-cols-2 gap-5" data-testid="accessories">
      <legend className="mb-3 text-lg font-semibold text-brand">
        <Trans>Accessories</Trans>
      </legend>
      {groups.map((group) => (
        <AccessorySelect key={group.id} order={order} group={group} />
      ))}
    </fieldset>
  );
}

function AccessorySelect({ order, group }: { order: OrderEntryRef; group: CraftNode }) {
  const { t } = useLingui();
  const surchargeLabel = useSurchargeLabel();
  const chosenId = useSelector(order, (s) => selectChosenOption(s, group));
  const value = useSelector(order, (s) => selectCraftText(s, chosenId));
  const chosen = group.children.find((c) => c.id === chosenId);
  const canSync = useSelector(order, (s) => s.can({ type: "user.syncAccessory", groupId: group.id }));
  const id = `qo-accessory-${group.id}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {group.name}
      </label>
      <div className="flex items-center gap-2">
        <select
          id={id}
          className={field}
          value={chosenId ?? ""}
          onChange={(e) =>
            order.send({
              type: "user.pickAccessory",
              groupId: group.id,
              optionId: e.target.value ? Number(e.target.value) : null,
            })
          }
        >
          <option value="">{t`None`}</option>
          {group.children.map((o) => (
            <option key={o.id} value={o.id}>
              {surchargeLabel(o.name, surchargeOf(o))}
            </option>
          ))}
        </select>
        {/* QO-018: COPY accessories can be used for the other garment categories too */}
        {group.chooseType === "COPY" && (
          <button
            type="button"
            disabled={!canSync}
            onClick={() => order.send({ type: "user.syncAccessory", groupId: group.id })}
            aria-label={t`Use the same ${group.name} for my other garments`}
            title={t`Use the same ${group.name} for my other garments`}
            className="rounded border border-slate-400 px-2 py-2 text-sm text-brand hover:border-brand disabled:opacity-40"
          >
            <span aria-hidden="true">⇄</span>
          </button>
        )}
      </div>
      {chosen?.sourceType === "TEXT" && (
        <input
          aria-label={t`${chosen.name}: value`}
          placeholder={chosen.remark ?? ""}
          className={`${field} mt-2`}
          value={value}
          onChange={(e) => order.send({ type: "user.setAccessoryValue", id: chosen.id, value: e.target.value })}
        />
      )}
      {chosen?.sourceType === "FILE" && (
        <div className="mt-2">
          <PictureUpload
            label={t`${chosen.name} picture`}
            value={value || null}
            onChange={(file) => order.send({ type: "user.setAccessoryValue", id: chosen.id, value: file?.id ?? "" })}
          />
        </div>
      )}
    </div>
  );
}
