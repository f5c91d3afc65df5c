import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { formatter } from "@lingui/format-po";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The real catalog of a language as id → text (the translation, else the source), uncompiled. */
export async function realCatalog(locale: "en" | "zh"): Promise<Record<string, string>> {
  const filename = `${root}src/locales/${locale}/messages.po`;
  const parsed = await formatter({ lineNumbers: false }).parse(readFileSync(filename, "utf8"), {
    locale,
    sourceLocale: "en",
    filename,
  });
  return Object.fromEntries(
    Object.entries(parsed ?? {}).map(([id, entry]) => [id, entry.translation || entry.message || id]),
  );
}
