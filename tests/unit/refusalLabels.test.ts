/**
 * PO-031..035: a missing required customer field of the professional order says "please fill in" + the
 * field's label, the label the form shows (issue 20 §12: "Customer name", never "Name"), in English and
 * Chinese; the catalogs are the real en and zh ones.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { realCatalog } from "./realCatalogs.ts";
import type { QuickOrderNotice } from "../../machines/quickOrder/quickOrder.machine.ts";

// The Lingui macros are compiled away by the app's build; here `msg` makes the same descriptor (the
// id the extractor gives the English source), so the real catalogs translate it. The macro names a
// placeholder after its variable, which a tagged template does not see: the names are given here.
vi.mock("@lingui/core/macro", () => {
  const PLACEHOLDERS: Record<string, string[]> = { "Please fill in {0}": ["label"] };
  return {
    msg: (strings: TemplateStringsArray, ...values: unknown[]) => {
      const positional = strings.reduce((text, part, i) => text + (i > 0 ? `{${i - 1}}` : "") + part, "");
      const names = PLACEHOLDERS[positional] ?? values.map((_, i) => String(i));
      const message = strings.reduce((text, part, i) => text + (i > 0 ? `{${names[i - 1]}}` : "") + part, "");
      const id = createHash("sha256").update(`${message}\u001F`).digest("base64").slice(0, 6);
      return { id, message, values: Object.fromEntries(values.map((v, i) => [names[i], v])) };
    },
  };
});

const { i18n } = await import("../../src/app/i18n.ts");
const { refusalText } = await import("../../src/features/quickOrder/messages.ts");
const { CUSTOMER_FIELD_LABEL } = await import("../../src/features/quickOrder/fieldLabels.ts");

beforeAll(async () => {
  i18n.load({ en: await realCatalog("en"), zh: await realCatalog("zh") });
});

const fillIn = (label: string) => refusalText({ key: "customer.fillIn", label, field: "" } as QuickOrderNotice);

const cases = [
  { rule: "PO-031", label: "name", en: "Please fill in Customer name", zh: "请填写客户姓名" },
  { rule: "PO-032", label: "nickname", en: "Please fill in Nickname", zh: "请填写昵称" },
  { rule: "PO-033", label: "gender", en: "Please fill in Gender", zh: "请填写性别" },
  { rule: "PO-034", label: "height", en: "Please fill in Height", zh: "请填写身高" },
] as const;

describe("PO-035 a missing customer field is named as it is labelled", () => {
  for (const locale of ["en", "zh"] as const)
    for (const { rule, label, ...text } of cases)
      it(`${rule} PO-035 "${text[locale]}" (${locale})`, () => {
        i18n.activate(locale);
        expect(fillIn(label)).toBe(text[locale]);
        // the label the form shows, in the same language
        expect(fillIn(label).endsWith(i18n._(CUSTOMER_FIELD_LABEL[label]))).toBe(true);
      });
});
