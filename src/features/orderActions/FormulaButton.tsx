import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { isApiError } from "../../api/errors.ts";
import { Button, type ButtonProps } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { orderActionQueries } from "./api.ts";
import { offersFormula } from "./rules.ts";

/**
 * PROD-054: the order formula: a button that opens a modal with the category and each measurement's formula.
 * It renders nothing for a cancelled order (`offersFormula`, issue 20).
 * @public placed by the production list and the details page
 */
export function FormulaButton({
  orderId,
  orderCode,
  statusId,
  size = "sm",
  variant = "outline",
}: {
  orderId: string;
  orderCode: string;
  statusId: number;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (!offersFormula(statusId)) return null;
  return (
    <>
      <Button size={size} variant={variant} aria-label={t`Formula of order ${orderCode}`} onClick={() => setOpen(true)}>
        <Trans>Formula</Trans>
      </Button>
      {open && <FormulaModal orderId={orderId} orderCode={orderCode} onClose={() => setOpen(false)} />}
    </>
  );
}

function FormulaModal({ orderId, orderCode, onClose }: { orderId: string; orderCode: string; onClose: () => void }) {
  const formula = useQuery(orderActionQueries.formula(orderId));
  const data = formula.data;
  return (
    <Modal
      open
      onClose={onClose}
      width={640}
      testId="order-formula"
      title={<Trans>Formula of order {orderCode}</Trans>}
      footer={
        <Button variant="outline" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      {formula.isPending && (
        <p role="status" className="text-sm text-slate-700">
          <Trans>Loading the formula…</Trans>
        </p>
      )}
      {formula.isError && (
        <p role="alert" className="text-sm text-red-800">
          {isApiError(formula.error) && formula.error.message ? (
            formula.error.message
          ) : (
            <Trans>The formula could not be loaded.</Trans>
          )}
        </p>
      )}
      {data && (
        <>
          <p className="mb-3 text-sm text-slate-800">
            <Trans>Category:</Trans> <strong>{data.categoryName}</strong>
            {data.unitName && (
              <>
                {" · "}
                <Trans>Unit:</Trans> {data.unitName}
              </>
            )}
          </p>
          {data.items.length === 0 ? (
            <p className="text-sm text-slate-700">
              <Trans>This order stores no measurements.</Trans>
            </p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-300 text-slate-700">
                  <th scope="col" className="py-1 pr-2 font-medium">
                    <Trans>Piece</Trans>
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    <Trans>Measurement</Trans>
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    <Trans>Value + ease = finished</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item, i) => (
                  <tr key={i} className="border-b border-slate-100">
                    <td className="py-1 pr-2">{item.pieceName}</td>
                    <td className="py-1 pr-2">{item.partName}</td>
                    <td className="py-1 tabular-nums">{item.formula}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Modal>
  );
}
