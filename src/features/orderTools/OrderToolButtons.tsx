import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../ui/Button.tsx";
import { ConsumptionQueryModal } from "./ConsumptionQueryModal.tsx";
import { OrderCustomerModal } from "./OrderCustomerModal.tsx";

/**
 * PROD-006: the consumption query of an order, as a button that opens its modal. The lists hide it for
 * clothing category 3800000 and goods orders (type 9): `offersOrderTools` (PROD-038, PROD-039).
 */
export function ConsumptionQueryButton({ orderCode, className }: { orderCode: string; className?: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="link"
        className={className}
        aria-haspopup="dialog"
        aria-label={t`Consumption query ${orderCode}`}
        onClick={() => setOpen(true)}
      >
        <Trans>Consumption query</Trans>
      </Button>
      {open ? <ConsumptionQueryModal orderCode={orderCode} open onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** PROD-060, PROD-061: the order customer edit of an order, as a button that opens its modal. */
export function OrderCustomerButton({
  orderId,
  orderCode,
  className,
}: {
  orderId: number;
  orderCode: string;
  className?: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="link"
        className={className}
        aria-haspopup="dialog"
        aria-label={t`Order customer ${orderCode}`}
        onClick={() => setOpen(true)}
      >
        <Trans>Order customer</Trans>
      </Button>
      {open ? <OrderCustomerModal orderId={orderId} open onClose={() => setOpen(false)} /> : null}
    </>
  );
}
