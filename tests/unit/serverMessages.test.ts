/**
 * The server's messages (server/i18n.ts) are ICU messages that Lingui formats: each compiles, the Chinese
 * takes no parameter the English does not give, and a count picks its plural form.
 */
import { describe, expect, it } from "vitest";
import { LOCALES, messageKeys, messageText, translate } from "../../server/i18n.ts";

/** The parameter names a message reads: `{name}` and the argument of `{name, plural, …}`. */
const parametersOf = (message: string) => new Set([...message.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]!));

describe("the server's messages", () => {
  it("each formats in both languages with every parameter it names, and Chinese names none English lacks", () => {
    for (const key of messageKeys) {
      const en = parametersOf(messageText("en", key));
      for (const locale of LOCALES) {
        const names = parametersOf(messageText(locale, key));
        expect(
          [...names].filter((name) => !en.has(name)),
          `${locale} ${key}`,
        ).toEqual([]);
        const params = Object.fromEntries([...names].map((name) => [name, 7]));
        expect(translate(locale, key, params), `${locale} ${key}`).not.toMatch(/[{}]/);
      }
    }
  });

  it("a count picks the form of its language's plural rules", () => {
    expect([1, 2, 1000].map((count) => translate("en", "import.done", { count }))).toEqual([
      "1 customer imported",
      "2 customers imported",
      "1,000 customers imported",
    ]);
    expect(translate("en", "import.preview", { valid: 1, invalid: 2 })).toBe("1 row can be imported, 2 are invalid");
    expect(translate("en", "import.invalidRows", { count: 1 })).toBe("1 row is invalid; nothing was imported");
    expect(translate("zh", "import.done", { count: 1000 })).toBe("已导入 1,000 位客户");
  });

  it("a text parameter comes back exactly as given, whatever it holds", () => {
    // Lingui would decode escape sequences in it, or read it as part of the message
    for (const url of ["/a'b#{x}.js", "/\\u0041\\x41.js", "/\uE0000\uE000.js", "/{url}"])
      expect(translate("en", "notFound.file", { url })).toBe(`No such file: ${url}`);
    expect(translate("en", "validation.invalid", { field: "Idempotency-Key", detail: "^[\\x21-\\x7E]+$" })).toContain(
      "^[\\x21-\\x7E]+$",
    );
  });
});
