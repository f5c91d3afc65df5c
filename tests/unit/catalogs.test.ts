import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatter } from "@lingui/format-po";
import type { CatalogType } from "@lingui/conf";

const root = fileURLToPath(new URL("../../", import.meta.url));
const catalogPath = (locale: string) => `${root}src/locales/${locale}/messages.po`;

/** Parses a catalog with the same formatter the project's lingui.config.ts uses; obsolete (#~) entries are dropped. */
async function loadCatalog(locale: "en" | "zh"): Promise<CatalogType> {
  const content = readFileSync(catalogPath(locale), "utf8");
  const parsed = await formatter({ lineNumbers: false }).parse(content, {
    locale,
    sourceLocale: "en",
    filename: catalogPath(locale),
  });
  return Object.fromEntries(Object.entries(parsed ?? {}).filter(([, m]) => !m.obsolete));
}

/**
 * Names of the ICU arguments in a message: `{0}`, `{username}`, and the argument of
 * `{count, plural, one {…} other {…}}` (whose branch bodies are searched too, but whose
 * branch keys and literal branch text are not placeholders).
 */
function icuArguments(message: string): string[] {
  const names: string[] = [];
  let i = 0;
  // Reads one message until an unmatched "}" (or the end); returns the index after it.
  const readMessage = (): void => {
    while (i < message.length) {
      const ch = message[i];
      if (ch === "'" && /[{}#']/.test(message[i + 1] ?? "")) {
        // ICU quoting: '' is a literal quote, '{…}' is literal text.
        if (message[i + 1] === "'") {
          i += 2;
          continue;
        }
        const end = message.indexOf("'", i + 1);
        i = end === -1 ? message.length : end + 1;
        continue;
      }
      if (ch === "}") return;
      if (ch === "{") {
        i++;
        readArgument();
        continue;
      }
      i++;
    }
  };
  // After "{": name [, type [, style | branches]] "}".
  const readArgument = (): void => {
    const head = /^\s*([^\s,{}]+)\s*(?:,\s*([^\s,{}]+)\s*)?/.exec(message.slice(i));
    if (!head) {
      readMessage();
      i++;
      return;
    }
    names.push(head[1]!);
    i += head[0].length;
    const type = head[2];
    if (type === "plural" || type === "selectordinal" || type === "select") {
      if (message[i] === ",") i++;
      // Branches: key {message} key {message} … "}"; "offset:n" is skipped as a key.
      while (i < message.length && message[i] !== "}") {
        if (message[i] === "{") {
          i++;
          readMessage();
          i++;
        } else i++;
      }
      i++;
      return;
    }
    // Simple argument or a formatted one ({d, date, short}): skip to the closing brace.
    let depth = 1;
    while (i < message.length && depth > 0) {
      if (message[i] === "{") depth++;
      if (message[i] === "}") depth--;
      i++;
    }
  };
  readMessage();
  return names;
}

/** The placeholders a translation must keep: ICU arguments as `{name}` and Lingui's JSX tags `<0>`, `</0>`, `<0/>`. */
function placeholders(message: string): string[] {
  const args = icuArguments(message).map((n) => `{${n}}`);
  const tags = message.match(/<\/?\d+\s*\/?>/g)?.map((t) => t.replace(/\s+/g, "")) ?? [];
  return [...new Set([...args, ...tags])].sort();
}

describe("message catalogs", () => {
  it("SHELL-003 every English message has a Chinese translation", async () => {
    const en = await loadCatalog("en");
    const zh = await loadCatalog("zh");
    const label = (id: string) => {
      const m = en[id] ?? zh[id];
      const text = JSON.stringify(m?.message ?? id);
      return m?.context ? `${text} (msgctxt ${JSON.stringify(m.context)})` : text;
    };

    expect(Object.keys(en).length, "the en catalog has messages").toBeGreaterThan(0);

    // Same message set: run `npx lingui extract` after adding or removing strings.
    const missing = Object.keys(en)
      .filter((id) => !(id in zh))
      .map(label);
    const extra = Object.keys(zh)
      .filter((id) => !(id in en))
      .map(label);
    expect(missing, "messages missing from zh/messages.po (run npx lingui extract)").toEqual([]);
    expect(extra, "zh/messages.po has messages the en catalog does not (run npx lingui extract)").toEqual([]);

    // Every message is translated.
    const untranslated = Object.entries(zh)
      .filter(([, m]) => !m.translation?.trim())
      .map(([id]) => label(id));
    expect(untranslated, "zh messages with an empty msgstr").toEqual([]);

    // Placeholders and tags survive translation.
    const mismatches = Object.entries(en).flatMap(([id, m]) => {
      const translation = zh[id]?.translation ?? "";
      const want = placeholders(m.translation || m.message || "");
      const have = placeholders(translation);
      const lost = want.filter((p) => !have.includes(p));
      const added = have.filter((p) => !want.includes(p));
      if (!lost.length && !added.length) return [];
      return [`${label(id)} -> ${JSON.stringify(translation)}: lost [${lost.join(" ")}], added [${added.join(" ")}]`];
    });
    expect(mismatches, "zh translations whose placeholders differ from the English message").toEqual([]);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("SHELL-004 English is the source and default locale", async () => {
    const { default: config } = await import("../../lingui.config.ts");
    expect(config.sourceLocale).toBe("en");
    expect(config.locales).toEqual(["en", "zh"]);
    expect(config.fallbackLocales).toEqual({ default: "en" });

    // No localStorage (first visit in a fresh context, or node): English.
    vi.stubGlobal("localStorage", undefined);
    expect(typeof localStorage).toBe("undefined");
    const { initialLocale, LOCALES } = await import("../../src/app/i18n.ts");
    expect(LOCALES).toEqual(["en", "zh"]);
    expect(initialLocale()).toBe("en");

    // Chinese only when the user chose it before; anything else falls back to English.
    const storage = (value: string | null) => ({ getItem: (key: string) => (key === "locale" ? value : null) });
    vi.stubGlobal("localStorage", storage("zh"));
    expect(initialLocale()).toBe("zh");
    for (const other of [null, "en", "fr", "zh-CN", ""]) {
      vi.stubGlobal("localStorage", storage(other));
      expect(initialLocale(), `stored ${String(other)}`).toBe("en");
    }
  });
});

describe("catalog test helpers", () => {
  it("finds ICU arguments and JSX tags, not plural branch text", () => {
    expect(placeholders("{0} of {1}")).toEqual(["{0}", "{1}"]);
    expect(placeholders("Account menu for {username}")).toEqual(["{username}"]);
    expect(placeholders("Read <0>the terms</0> and <1/>")).toEqual(["</0>", "<0>", "<1/>"]);
    expect(placeholders("{count, plural, one {# item for {name}} other {# items}}")).toEqual(["{count}", "{name}"]);
    expect(placeholders("{count, plural, other {# 件}}")).toEqual(["{count}"]);
    expect(placeholders("{when, date, short} '{literal}'")).toEqual(["{when}"]);
    expect(placeholders("No placeholders")).toEqual([]);
  });
});
