import { useState } from "react";
import { useSelector } from "@xstate/react";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import { orderQueries } from "./queries.ts";
import { pieceField, sendEdit } from "./pieceEdits.ts";
import { selectPiecePicks } from "../../../machines/orderEntry/selectors.ts";
import {
  categoryOffersEmbroiderySizes as offersSizes,
  UPLOADED_FONT_ID,
} from "../../../machines/orderEntry/selectors.ts";
import { PictureUpload } from "../upload/index.ts";
import { ConfirmDialog } from "../../ui/Dialog.tsx";

const selectClass = "rounded border border-slate-400 px-2 py-1.5 text-sm";

/** A choice of one monogram option; the label is also the empty choice. */
function OptionSelect(props: {
  label: string;
  options: Array<{ id: number; name: string }>;
  value: number | null;
  onPick: (option: { id: number; name: string } | null) => void;
}) {
  return (
    <select
      aria-label={props.label}
      className={selectClass}
      value={props.value ?? ""}
      onChange={(e) => {
        const option = props.options.find((o) => o.id === Number(e.target.value));
        props.onPick(option ? { id: option.id, name: option.name } : null);
      }}
    >
      <option value="">{props.label}</option>
      {props.options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
}

/** QO-032..034: repeatable monogram rows; size only where sizes exist (D-12). */
export function MonogramPanel({
  order,
  piece,
  categoryId,
  confirmRemove,
}: {
  order: OrderEntryRef;
  piece: number | undefined;
  categoryId: number;
  confirmRemove: boolean;
}) {
  const { t } = useLingui();
  const rows = useSelector(order, (s) => selectPiecePicks(s, piece).monogram);
  // PO-019: the row whose deletion waits for the user's confirmation
  const [removing, setRemoving] = useState<number | null>(null);
  const remove = (index: number) => sendEdit(order, piece, { type: "user.removeMonogram", index });
  const options = useQuery(orderQueries.embroidery(categoryId));
  const list = (kind: "sites" | "colors" | "fonts" | "sizes") => options.data?.[kind] ?? [];
  return (
    <div className="space-y-3">
      {rows.map((row, index) => (
        <div
          key={index}
          className="flex flex-wrap items-end gap-2 rounded border border-slate-200 p-3"
          role="group"
          aria-label={t`Monogram row ${index + 1}`}
          data-field={pieceField(piece, `monogram.${index}`)}
        >
          <OptionSelect
            label={t`Position`}
            options={list("sites")}
            value={row.site}
            onPick={(option) =>
              sendEdit(order, piece, { type: "user.pickMonogramOption", index, kind: "site", option })
            }
          />
          <OptionSelect
            label={t`Colour`}
            options={list("colors")}
            value={row.color}
            onPick={(option) =>
              sendEdit(order, piece, { type: "user.pickMonogramOption", index, kind: "color", option })
            }
          />
          <OptionSelect
            label={t`Font`}
            options={list("fonts")}
            value={row.font}
            onPick={(option) =>
              sendEdit(order, piece, { type: "user.pickMonogramOption", index, kind: "font", option })
            }
          />
          {offersSizes(categoryId) && (
            <OptionSelect
              label={t`Size`}
              options={list("sizes")}
              value={row.embSize}
              onPick={(option) =>
                sendEdit(order, piece, { type: "user.pickMonogramOption", index, kind: "size", option })
              }
            />
          )}
          {row.font !== UPLOADED_FONT_ID && (
            <input
              aria-label={t`Content`}
              placeholder={t`Content`}
              className="rounded border border-slate-400 px-2 py-1.5 text-sm"
              value={row.content}
              onChange={(e) => sendEdit(order, piece, { type: "user.setMonogramText", index, content: e.target.value })}
            />
          )}
          {/* QO-032: font 1500 is the customer's own artwork, uploaded instead of typed */}
          {row.font === UPLOADED_FONT_ID && (
            <PictureUpload
              label={t`Monogram artwork ${index + 1}`}
              value={row.file}
              fileName={row.fileName}
              onChange={(file) => sendEdit(order, piece, { type: "user.attachMonogramFile", index, file })}
            />
          )}
          <button
            type="button"
            aria-label={t`Delete monogram row ${index + 1}`}
            className="rounded px-2 py-1.5 text-red-700 hover:bg-red-50"
            onClick={() => (confirmRemove ? setRemoving(index) : remove(index))}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        className="rounded border border-brand px-4 py-1.5 text-sm font-semibold text-brand"
        onClick={() => sendEdit(order, piece, { type: "user.addMonogram" })}
      >
        <Trans>Add monogram</Trans>
      </button>
      {confirmRemove && (
        <ConfirmDialog
          open={removing !== null}
          testId="confirm-remove-monogram"
          title={<Trans>Delete this monogram?</Trans>}
          description={<Trans>Monogram row {(removing ?? 0) + 1} will be removed.</Trans>}
          confirmLabel={<Trans>Delete</Trans>}
          cancelLabel={<Trans>Cancel</Trans>}
          destructive
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            if (removing !== null) remove(removing);
            setRemoving(null);
          }}
        />
      )}
    </div>
  );
}
