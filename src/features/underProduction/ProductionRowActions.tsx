import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { buttonVariants } from "../../ui/Button.tsx";
import { BuyAgainButton } from "../cart/index.ts";
import {
  CancelOrderButton,
  FormulaButton,
  PreCommitButton,
  RemarkButton,
  UrgentButton,
} from "../orderActions/index.ts";
import { ConsumptionQueryButton, OrderCustomerButton } from "../orderTools/index.ts";
import type { OrderRow } from "../orderList/index.ts";
import { canEditOrderCustomer, mayEditItem, offersOrderTools } from "./rules.ts";

/**
 * A row's actions: the order's details, buy again (D-03). Edit, consumption query and pre-commit are
 * offered only when the order's category and type allow them (PROD-038, PROD-039). The caller's own
 * orders also offer cancel (D-13: 10030, 10371, 206012), pre-commit (PROD-055) and the formula
 * (PROD-054) from orderActions; a sub-account's order is read-only for its main account. The order
 * customer (PROD-047..050, until cutting starts) and the consumption query (PROD-006) come from orderTools.
 */
export function ProductionRowActions({ row, own }: { row: OrderRow; own: boolean }) {
  const { t } = useLingui();
  const tools = offersOrderTools(row);
  return (
    <div className="flex w-40 flex-wrap items-center" data-tools={tools ? "offered" : "hidden"}>
      <Link
        to="/orderDetails"
        search={{ orderId: Number(row.orderId) }}
        className={buttonVariants({ variant: "link", size: "sm" })}
        aria-label={t`Details of order ${row.orderCode}`}
      >
        <Trans>Details</Trans>
      </Link>
      {/* D-03, PROD-015; issue 12: a delivered order may be bought again as its remake */}
      <BuyAgainButton
        order={{
          orderId: row.orderId,
          orderType: row.orderType,
          clothCategory: row.clothCategory,
          sizeCategoryId: row.sizeCategoryId,
          goodId: row.goodId,
        }}
        orderCode={row.orderCode}
        status={row.status}
        remark={row.remark}
      />
      {own ? (
        <CancelOrderButton orderId={row.orderId} orderCode={row.orderCode} statusId={row.status} variant="link" />
      ) : null}
      {own && tools ? <PreCommitButton order={row} variant="link" /> : null}
      {own ? (
        <FormulaButton orderId={row.orderId} orderCode={row.orderCode} statusId={row.status} variant="link" />
      ) : null}
      {/* PROD-005: urgent production of the caller's own order being made */}
      {own ? <UrgentButton orderId={row.orderId} orderCode={row.orderCode} statusId={row.status} /> : null}
      {/* PROD-007: the note, read-only here (PROD-052: an order in production is not changed) */}
      <RemarkButton orderId={row.orderId} orderCode={row.orderCode} remark={row.remark} editable={mayEditItem(row)} />
      {own && canEditOrderCustomer(row.status) ? (
        <OrderCustomerButton orderId={Number(row.orderId)} orderCode={row.orderCode} />
      ) : null}
      {tools ? <ConsumptionQueryButton orderCode={row.orderCode} /> : null}
    </div>
  );
}
