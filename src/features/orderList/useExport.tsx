import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { ProgressNotice, type Progress } from "../../ui/ProgressNotice.tsx";
import { exportOrders, type ExportQuery } from "./exportOrders.ts";

/**
 * CART-005, PROD-001, PROD-057: the Export button of a list and what it says while the spreadsheet is
 * prepared or when the export failed (the server's message).
 */
export function useExport(query: ExportQuery) {
  const { t } = useLingui();
  const [state, setState] = useState<Progress>("idle");
  const [error, setError] = useState("");
  const run = async () => {
    setState("preparing");
    setError("");
    try {
      await exportOrders(query);
      setState("idle");
    } catch (failure) {
      setState("failed");
      setError(isApiError(failure) && failure.message ? failure.message : t`The export failed. Please try again.`);
    }
  };
  const button = (
    <Button variant="secondary" onClick={() => void run()} disabled={state === "preparing"}>
      <Trans>Export</Trans>
    </Button>
  );
  const notice = <ProgressNotice state={state} preparing={<Trans>Preparing the spreadsheet…</Trans>} failed={error} />;
  return { button, notice };
}
