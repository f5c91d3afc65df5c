import { useState } from "react";
import { Trans } from "@lingui/react/macro";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { DateRangeField, isRangeReversed } from "../../ui/list/index.ts";

/**
 * The statement of an account for a date range (designed, issue 22): both days are required and the
 * range may not be reversed; Download asks the server's PDF (opening balance, every movement, closing
 * balance) in the page's language.
 */
export function StatementDialog({
  open,
  initial,
  busy,
  onDownload,
  onClose,
}: {
  open: boolean;
  initial: { from?: string; until?: string };
  busy: boolean;
  onDownload: (range: { dealStart: string; dealEnd: string }) => void;
  onClose: () => void;
}) {
  const [range, setRange] = useState(initial);
  const ready = Boolean(range.from && range.until) && !isRangeReversed(range.from, range.until);
  return (
    <Modal
      open={open}
      onClose={onClose}
      width={560}
      title={<Trans>Download a statement</Trans>}
      description={<Trans>The opening balance, every movement of the period and the closing balance, as a PDF.</Trans>}
      testId="statement-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            disabled={!ready || busy}
            onClick={() => ready && onDownload({ dealStart: range.from!, dealEnd: range.until! })}
          >
            <Trans>Download PDF</Trans>
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-2 gap-4">
        <DateRangeField
          id="statement-date"
          fromLabel={<Trans>First day</Trans>}
          untilLabel={<Trans>Last day</Trans>}
          value={range}
          onChange={setRange}
        />
      </div>
    </Modal>
  );
}
