import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { exportOrders, type ExportQuery } from "./exportOrders.ts";

/**
 * CART-005, PROD-001, PROD-057: the Export button of a list and what it says while the spreadsheet is
 * prepared or when the export failed (the server's message).
 */
export function useExport(query: ExportQuery) {
  const { t } = useLingui();
  const [state, setState] = useState<"idle" | "preparing" | "failed">("idle");
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
  const notice = (
    <div aria-live="polite" className="empty:hidden">
      {state === "preparing" ? (
        <p role="status" className="mb-4 rounded bg-blue-50 px-4 py-2 text-sm text-blue-900">
          <Trans>Preparing the spreadsheet…</Trans>
        </p>
      ) : state === "failed" ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-4 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
  return { button, notice };
}
