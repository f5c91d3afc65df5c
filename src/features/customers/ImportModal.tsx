import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { components } from "../../../openapi/portal.d.ts";
import { isCsvFileName } from "./rules.ts";
import { api } from "../../api/client.ts";
import { saveFileAnswer } from "../../api/download.ts";
import { isSuccessCode } from "../../api/envelope.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { toasts } from "../../ui/toast.ts";

type Report = components["schemas"]["CustomerImport"];
type Phase =
  | { step: "choose" }
  | { step: "reading"; loaded: number; total: number }
  | { step: "checking" | "importing"; file: File }
  | { step: "preview"; file: File; report: Report }
  | { step: "refused"; file: File; report: Report; message: string };

async function send(file: File, preview: boolean) {
  const result = await api.POST("/pc/customer/importOnNlnbu", {
    params: { query: { preview: preview ? 1 : 0 } },
    body: { file: "" },
    bodySerializer: () => {
      const form = new FormData();
      form.append("file", file, file.name);
      return form;
    },
  });
  const body = (result.data ?? result.error) as { code?: unknown; message?: string; data?: Report | null } | undefined;
  return { ok: isSuccessCode(body?.code), message: body?.message ?? "", report: body?.data ?? null };
}

/** Reads the file in the browser first (the bar shows how much), so a large file's progress is visible. */
function readWithProgress(file: File, onProgress: (loaded: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => onProgress(e.loaded);
    reader.onload = () => resolve();
    reader.onerror = () => reject(reader.error ?? new Error("read"));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * CUST-038, CUST-032: choose a .csv, see what will be imported (every invalid row and why, the
 * duplicates), then import it all or nothing; the template downloads here; a bar shows the progress.
 */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ step: "choose" });
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!isCsvFileName(file.name)) {
      const message = t`Only CSV files may be uploaded`;
      setError(message);
      toasts.show("error", message);
      return;
    }
    setPhase({ step: "reading", loaded: 0, total: file.size });
    await readWithProgress(file, (loaded) => setPhase({ step: "reading", loaded, total: file.size }));
    setPhase({ step: "checking", file });
    const answer = await send(file, true);
    if (!answer.ok || !answer.report) {
      setError(answer.message);
      toasts.show("error", answer.message);
      setPhase({ step: "choose" });
      return;
    }
    setPhase({ step: "preview", file, report: answer.report });
  };

  const importNow = async (file: File) => {
    setPhase({ step: "importing", file });
    const answer = await send(file, false);
    if (answer.ok) {
      // the modal closes as the success is told: the book behind it reloads on its own (a user who types a
      // search at once types into the page, not into a modal waiting for the list)
      setPhase({ step: "choose" });
      onClose();
      toasts.show("success", answer.message);
      void queryClient.invalidateQueries({ queryKey: ["customers"] });
      return;
    }
    toasts.show("error", answer.message);
    if (answer.report) setPhase({ step: "refused", file, report: answer.report, message: answer.message });
    else {
      setError(answer.message);
      setPhase({ step: "choose" });
    }
  };

  const template = async () => {
    await saveFileAnswer(
      await api.GET("/pc/customer/importTemplate", { parseAs: "blob" }),
      "text/csv",
      "customers-template.csv",
    );
  };

  const busy = phase.step === "reading" || phase.step === "checking" || phase.step === "importing";
  const report = phase.step === "preview" || phase.step === "refused" ? phase.report : null;
  return (
    <Modal open={open} onClose={onClose} width={760} title={t`Import customers from CSV`} testId="customer-import">
      <div className="space-y-4 text-sm">
        <p className="text-slate-700">
          <Trans>
            A .csv file in the template's columns (UTF-8 or GBK, at most 10,000 rows and 5 MB). Nothing is imported
            until every row is valid.
          </Trans>
        </p>
        <div className="flex items-center gap-3">
          <label className="inline-flex cursor-pointer items-center rounded border border-brand px-3 py-2 font-medium text-brand focus-within:ring-2 focus-within:ring-brand/40">
            <Trans>Choose a CSV file</Trans>
            <input
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              data-testid="customer-import-file"
              disabled={busy}
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
          </label>
          <Button variant="outline" onClick={() => void template()}>
            <Trans>Download the template</Trans>
          </Button>
        </div>
        {error ? (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-red-800">
            {error}
          </p>
        ) : null}
        {busy ? (
          <div role="status">
            <progress
              className="h-2 w-full"
              aria-label={t`Import progress`}
              {...(phase.step === "reading" ? { value: phase.loaded, max: phase.total || 1 } : {})}
            />
            <p className="mt-1 text-slate-700">
              {phase.step === "reading" ? (
                <Trans>Reading the file…</Trans>
              ) : phase.step === "checking" ? (
                <Trans>Checking every row…</Trans>
              ) : (
                <Trans>Importing…</Trans>
              )}
            </p>
          </div>
        ) : null}
        {report ? (
          <div className="space-y-3" data-testid="customer-import-report">
            <p role="status" className="font-medium text-slate-900">
              <Trans>
                <Plural value={report.rows} one="# row read" other="# rows read" />: {report.valid} to import,{" "}
                {report.invalid.length} invalid, {report.duplicates.length} already in the book.
              </Trans>
            </p>
            {phase.step === "refused" ? <p className="text-red-800">{phase.message}</p> : null}
            {report.invalid.length > 0 ? (
              <table className="w-full border-collapse text-left">
                <caption className="mb-1 text-left font-medium text-red-800">
                  <Trans>Invalid rows</Trans>
                </caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    <th className="py-1 pr-3">
                      <Trans>Line</Trans>
                    </th>
                    <th className="py-1 pr-3">
                      <Trans>Name</Trans>
                    </th>
                    <th className="py-1">
                      <Trans>Why</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.invalid.map((row) => (
                    <tr key={row.line} className="border-b border-slate-100">
                      <td className="py-1 pr-3">{row.line}</td>
                      <td className="py-1 pr-3">{row.custName}</td>
                      <td className="py-1">{row.reasons.join("; ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {report.duplicates.length > 0 ? (
              <div>
                <p className="font-medium text-amber-900">
                  <Trans>Already in the book (same name and phone), not imported again:</Trans>
                </p>
                <ul className="list-inside list-disc text-slate-800">
                  {report.duplicates.map((d) => (
                    <li key={d.line}>
                      <Trans>
                        Line {d.line}: {d.custName} {d.phone}
                      </Trans>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {phase.step === "preview" && report.invalid.length === 0 && report.valid > 0 ? (
              <Button onClick={() => void importNow(phase.file)} data-testid="customer-import-confirm">
                <Plural value={report.valid} one="Import # customer" other="Import # customers" />
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
