import { Trans, useLingui } from "@lingui/react/macro";
import { Modal } from "../../ui/Dialog.tsx";
import { Img } from "../../ui/Img.tsx";
import { useFormatMoney } from "../../ui/Money.tsx";
import type { components } from "../../../openapi/portal";

type Fabric = components["schemas"]["Fabric"];

/** QO-023: the preview modal's width. */
export const FABRIC_PREVIEW_WIDTH = 428;

/** QO-024..026: a fabric's picture and details, with previous/next through the search results. */
export function FabricPreview(props: {
  fabrics: Fabric[];
  index: number | null;
  onIndex: (index: number | null) => void;
  onPick: (code: string) => void;
}) {
  const { t } = useLingui();
  const formatMoney = useFormatMoney();
  const { fabrics, index } = props;
  const fabric = index === null ? undefined : fabrics[index];
  const rows: Array<[string, string]> = fabric
    ? [
        [t`Price`, formatMoney({ amount: fabric.price, currency: fabric.moneyType })],
        [t`Colour`, fabric.colorTypeName],
        [t`Pattern`, fabric.flowerPatternName],
        [t`Yarn weaving`, fabric.soledad],
        [t`Ingredient`, fabric.fabricProName],
        [t`Weight`, fabric.weight],
        [t`Remark`, fabric.remark],
      ]
    : [];
  return (
    <Modal
      open={fabric !== undefined}
      onClose={() => props.onIndex(null)}
      title={fabric?.fabricCode ?? ""}
      width={FABRIC_PREVIEW_WIDTH}
      testId="fabric-preview"
    >
      {fabric && (
        <div className="space-y-4">
          {fabric.imagePath ? (
            <Img
              src={fabric.imagePath}
              alt={t`Fabric ${fabric.fabricCode}`}
              className="h-48 w-full rounded object-cover"
            />
          ) : (
            <p className="flex h-48 items-center justify-center rounded bg-slate-100 text-sm text-slate-700">
              <Trans>No fabric garment picture</Trans>
            </p>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {rows.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-medium text-slate-800">{name}</dt>
                <dd className="text-slate-700">{value || "—"}</dd>
              </div>
            ))}
          </dl>
          <div className="flex items-center justify-between">
            <button
              type="button"
              disabled={index === 0}
              onClick={() => props.onIndex(index! - 1)}
              className="rounded border border-slate-400 px-3 py-1.5 text-sm disabled:opacity-40"
              aria-label={t`Previous fabric`}
            >
              ←
            </button>
            <button
              type="button"
              onClick={() => {
                props.onPick(fabric.fabricCode);
                props.onIndex(null);
              }}
              className="rounded bg-brand px-4 py-1.5 text-sm font-semibold text-white"
            >
              <Trans>Choose this fabric</Trans>
            </button>
            <button
              type="button"
              disabled={index === fabrics.length - 1}
              onClick={() => props.onIndex(index! + 1)}
              className="rounded border border-slate-400 px-3 py-1.5 text-sm disabled:opacity-40"
              aria-label={t`Next fabric`}
            >
              →
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
