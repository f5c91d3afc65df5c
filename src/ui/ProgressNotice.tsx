import type { ReactNode } from "react";

/** Where a long task of the page stands (an export, a PDF): said in a live region, nothing while idle. */
export type Progress = "idle" | "preparing" | "done" | "failed";

/**
 * The notice under a page's toolbar while a task runs (`preparing`), when it ended well (`done`, when the
 * page says so) or when it failed (an alert with the server's message). Screen readers hear each change.
 */
export function ProgressNotice({
  state,
  preparing,
  done,
  failed,
}: {
  state: Progress;
  preparing: ReactNode;
  done?: ReactNode;
  failed: ReactNode;
}) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {state === "preparing" ? (
        <p role="status" className="mb-4 rounded bg-blue-50 px-4 py-2 text-sm text-blue-900">
          {preparing}
        </p>
      ) : state === "done" && done ? (
        <p role="status" className="mb-4 rounded bg-green-50 px-4 py-2 text-sm text-green-900">
          {done}
        </p>
      ) : state === "failed" ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-4 py-2 text-sm text-red-800">
          {failed}
        </p>
      ) : null}
    </div>
  );
}
