/**
 * LABEL-014..016, LABEL-021: a failed label call shows the server's message, or (a failure without one:
 * the network, an empty message) the documented fallback, in the reader's language. `failureText` is
 * what every label view's error toast says; the catalogs are the real en and zh ones.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { realCatalog } from "./realCatalogs.ts";

// The Lingui macros are compiled away by the app's build; here `msg` makes the same descriptor (the
// id the extractor gives the English source: Lingui's sha256 of source and context), so the real
// catalogs translate it. The fallbacks are plain texts, so the catalogs need no compiling.
vi.mock("@lingui/core/macro", () => ({
  msg: (strings: TemplateStringsArray, ...values: unknown[]) => {
    const message = strings.reduce((text, part, i) => text + (i > 0 ? `{${i - 1}}` : "") + part, "");
    const id = createHash("sha256").update(`${message}\u001F`).digest("base64").slice(0, 6);
    return { id, message, values: Object.fromEntries(values.map((v, i) => [i, v])) };
  },
}));

const { i18n } = await import("../../src/app/i18n.ts");
const { ApiError, NetworkError } = await import("../../src/api/errors.ts");
const { failureText, LABEL_TEXT } = await import("../../src/features/labels/messages.ts");

beforeAll(async () => {
  i18n.load({ en: await realCatalog("en"), zh: await realCatalog("zh") });
});

const cases = [
  { rule: "LABEL-015", fallback: LABEL_TEXT.updateFailed, en: "failed to update", zh: "更新失败" },
  { rule: "LABEL-016", fallback: LABEL_TEXT.deleteFailed, en: "failed to delete", zh: "删除失败" },
  { rule: "LABEL-021", fallback: LABEL_TEXT.removeFailed, en: "delete failed", zh: "删除失败" },
] as const;

describe("failureText: the server's message, else the documented fallback", () => {
  for (const locale of ["en", "zh"] as const) {
    it(`LABEL-014 LABEL-021 a refusal with a message shows the server's text as it came (${locale})`, () => {
      i18n.activate(locale);
      const server = locale === "zh" ? "每个账号最多 100 个标签" : "An account has at most 100 labels";
      for (const { fallback } of cases) expect(failureText(new ApiError(1002, server, 200), fallback)).toBe(server);
    });

    for (const { rule, fallback, ...text } of cases)
      it(`${rule} a failure without a server message says "${text[locale]}" (${locale})`, () => {
        i18n.activate(locale);
        // an envelope without a message, a network failure, anything that is not an API error
        expect(failureText(new ApiError(1002, "", 200), fallback)).toBe(text[locale]);
        expect(failureText(new NetworkError(), fallback)).toBe(text[locale]);
        expect(failureText(new Error("boom"), fallback)).toBe(text[locale]);
        expect(failureText(undefined, fallback)).toBe(text[locale]);
      });
  }
});
