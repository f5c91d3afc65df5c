import { useId, useRef, useState } from "react";
import { Link, useRouter } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, buttonVariants, type ButtonProps } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { LimitedTextarea } from "../../ui/LimitedTextarea.tsx";
import { REMAKE_REASON_MAX, offersRemake, remakeReasonProblem } from "./remake.ts";
import { openInNewTab, orderLink, remakeLink, type LinkedOrder, type OrderLink } from "./orderLinks.ts";

/**
 * Buy again of an order (D-03, PROD-013). A delivered order (issue 12: finished 10370 or shipped 10380)
 * opens a dialog that may mark the new order as its remake, with a required reason of at most 200
 * characters; an order with a remark says so first (PROD-015). Any other order keeps its plain link.
 * PROD-008: the new order opens in a new tab (the list stays where it was). The remake travels in the
 * address. The tab keeps an opener on purpose (`rel="opener"`, not the usual noopener): a session signed
 * in without "remember me" lives in this tab's sessionStorage, which the browser copies only into a tab
 * it opens with an opener; without it the new tab would ask to log in. The page opened is our own
 * (same origin), so the opener exposes nothing a noopener would protect; two tabs of one session share
 * its refresh under the session's lock (features/session/sharedRefresh.ts).
 */
export function BuyAgainButton({
  order,
  orderCode,
  status,
  remark = "",
  variant = "link",
  size = "sm",
}: {
  order: LinkedOrder;
  orderCode: string;
  status: number;
  remark?: string;
  /** Issue 20: the details page shows it as a bordered button beside its other actions. */
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const link = orderLink(order, "buyagain");
  if (!link) return null;
  const label = t`Buy order ${orderCode} again`;
  if (!offersRemake(status) || link.to === "/dressWellDetails")
    return (
      <Link
        {...link}
        target="_blank"
        rel="opener"
        className={buttonVariants({ variant, size })}
        aria-label={t`Buy order ${orderCode} again (opens in a new tab)`}
      >
        <Trans>Buy again</Trans>
      </Link>
    );
  return (
    <>
      <Button variant={variant} size={size} aria-label={label} onClick={() => setOpen(true)}>
        <Trans>Buy again</Trans>
      </Button>
      {open ? (
        <RemakeDialog
          orderId={order.orderId}
          orderCode={orderCode}
          remark={remark}
          link={link}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function RemakeDialog({
  orderId,
  orderCode,
  remark,
  link,
  onClose,
}: {
  orderId: string;
  orderCode: string;
  remark: string;
  link: OrderLink;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const router = useRouter();
  const id = useId();
  const [remake, setRemake] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const problemText = (problem: ReturnType<typeof remakeReasonProblem>) =>
    problem === "required"
      ? t`The reason of the remake cannot be empty`
      : problem === "tooLong"
        ? t`The reason has at most ${REMAKE_REASON_MAX} characters`
        : null;

  const onContinue = () => {
    if (remake) {
      const problem = problemText(remakeReasonProblem(reason));
      if (problem) {
        setError(problem);
        reasonRef.current?.focus();
        return;
      }
    }
    onClose();
    // PROD-008: in a new tab, opened by this click (no pop-up blocker), with an opener so that it gets
    // this tab's session (see above); the remake is in its address
    openInNewTab(router, remake ? remakeLink(link, { of: orderId, reason, code: orderCode }) : link);
  };

  return (
    <Modal
      open
      onClose={onClose}
      width={520}
      title={<Trans>Buy order {orderCode} again</Trans>}
      testId="buy-again-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={onContinue}>
            <Trans>Continue in a new tab</Trans>
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {/* PROD-015: buy again of an order with a remark */}
        {remark.trim() ? (
          <p className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
            <Trans>This order has a note, please confirm whether the information for repurchase is complete.</Trans>
          </p>
        ) : null}
        <Checkbox
          id={`${id}-remake`}
          checked={remake}
          onCheckedChange={(checked) => {
            setRemake(checked);
            setError(null);
          }}
          label={<Trans>This is a remake of {orderCode}</Trans>}
        />
        {remake ? (
          <LimitedTextarea
            id={`${id}-reason`}
            name="remake.reason"
            label={<Trans>Reason of the remake</Trans>}
            required
            max={REMAKE_REASON_MAX}
            value={reason}
            error={error}
            textareaRef={reasonRef}
            onChange={(value) => {
              setReason(value);
              if (error) setError(problemText(remakeReasonProblem(value)));
            }}
          />
        ) : null}
      </div>
    </Modal>
  );
}
