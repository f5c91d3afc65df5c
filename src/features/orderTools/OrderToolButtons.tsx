import { useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, type ButtonProps } from "../../ui/Button.tsx";
import { ConsumptionQueryModal } from "./ConsumptionQueryModal.tsx";
import { OrderCustomerModal } from "./OrderCustomerModal.tsx";

/** A link-style button that opens a modal while it is wanted (the modal mounts only when open). */
function ModalButton({
  label,
  name,
  className,
  modal,
  variant = "link",
  size = "sm",
}: {
  label: ReactNode;
  name: string;
  className?: string;
  modal: (close: () => void) => ReactNode;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant={variant}
        className={className}
        aria-haspopup="dialog"
        aria-label={name}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open ? modal(() => setOpen(false)) : null}
    </>
  );
}

/**
 * PROD-006: the consumption query of an order, as a button that opens its modal. The lists hide it for
 * clothing category 3800000 and goods orders (type 9): `offersOrderTools` (PROD-038, PROD-039).
 */
export function ConsumptionQueryButton({ orderCode, className }: { orderCode: string; className?: string }) {
  const { t } = useLingui();
  return (
    <ModalButton
      label={<Trans>Consumption query</Trans>}
      name={t`Consumption query ${orderCode}`}
      className={className}
      modal={(close) => <ConsumptionQueryModal orderCode={orderCode} open onClose={close} />}
    />
  );
}

/** PROD-060, PROD-061: the order customer edit of an order, as a button that opens its modal. */
export function OrderCustomerButton({
  orderId,
  orderCode,
  className,
  variant,
  size,
}: {
  orderId: number;
  orderCode: string;
  className?: string;
  /** Issue 20: the details page shows it as a bordered button beside its other actions. */
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
}) {
  const { t } = useLingui();
  return (
    <ModalButton
      label={<Trans>Order customer</Trans>}
      name={t`Order customer ${orderCode}`}
      className={className}
      variant={variant}
      size={size}
      modal={(close) => <OrderCustomerModal orderId={orderId} open onClose={close} />}
    />
  );
}
