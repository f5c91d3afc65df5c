import { CancelOrderButton, FormulaButton, PreCommitButton, RemarkButton } from "../orderActions/index.ts";
import { ConsumptionQueryButton, OrderCustomerButton, offersOrderTools } from "../orderTools/index.ts";
import type { OrderRow } from "../orderList/index.ts";
import { mayEditItem } from "./rules.ts";

/**
 * A pending order's actions (issue 12): the order customer, the note (PROD-007: its owner changes it
 * while the order can be changed, PROD-052), the consumption query (PROD-006, hidden for 3800000 and
 * goods orders) and, of the caller's own orders (D-13), cancel (it renders nothing outside 10030, 10371,
 * 206012), pre-commit (PROD-055, hidden as the consumption query: PROD-038, PROD-039) and the formula
 * (PROD-054); a cancelled order offers none of the tools (issue 20).
 */
export function PendingRowActions({ row, own }: { row: OrderRow; own: boolean }) {
  return (
    <div className="flex w-40 flex-wrap items-center">
      <OrderCustomerButton orderId={Number(row.orderId)} orderCode={row.orderCode} />
      <RemarkButton orderId={row.orderId} orderCode={row.orderCode} remark={row.remark} editable={mayEditItem(row)} />
      {offersOrderTools(row) ? <ConsumptionQueryButton orderCode={row.orderCode} /> : null}
      {own ? (
        <>
          <CancelOrderButton orderId={row.orderId} orderCode={row.orderCode} statusId={row.status} />
          {offersOrderTools(row) ? <PreCommitButton order={row} variant="link" /> : null}
          <FormulaButton orderId={row.orderId} orderCode={row.orderCode} statusId={row.status} variant="link" />
        </>
      ) : null}
    </div>
  );
}
