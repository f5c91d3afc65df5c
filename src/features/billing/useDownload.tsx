import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { isApiError } from "../../api/errors.ts";
import type { Progress } from "../../ui/ProgressNotice.tsx";

/** A download the page runs (the export, the statement): where it stands, and the server's message when it failed. */
export function useDownload() {
  const { t } = useLingui();
  const [state, setState] = useState<Progress>("idle");
  const [error, setError] = useState("");
  const run = async (download: () => Promise<unknown>) => {
    setState("preparing");
    setError("");
    try {
      await download();
      setState("idle");
      return true;
    } catch (failure) {
      setState("failed");
      setError(isApiError(failure) && failure.message ? failure.message : t`The download failed. Please try again.`);
      return false;
    }
  };
  return { state, error, run };
}
