import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../domain/money.ts";

/**
 * Issue 22: one money format everywhere ("USD 320.00" in both languages, domain/money.ts `formatMoney`,
 * src/ui/Money.tsx `Money`/`useFormatMoney`). Order entry once wrote "320.00 USD" while the lists wrote
 * "USD 320.00": this test reads every source file of the app, the machines and the server and fails on
 * an amount formatted by hand (a currency code written next to an amount, `toFixed(2)` in the browser,
 * an `Intl.NumberFormat` or `toLocaleString` with a currency outside domain/money.ts, a currency code in
 * the catalogs). Each rule is first shown to catch the mistake it is about.
 */
const ROOT = join(import.meta.dirname, "..", "..");

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) filesUnder(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The one place allowed to format money. */
const FORMATTER = "domain/money.ts";

interface Rule {
  name: string;
  /** Which files it reads. */
  applies: (path: string) => boolean;
  pattern: RegExp;
  /** A line it must catch (the mistake it is about) and one it must let through. */
  catches: string;
  allows: string;
}

const browser = (path: string) => path.startsWith("src/") || path.startsWith("machines/");
const RULES: Rule[] = [
  {
    name: "an amount and a currency joined in a template literal",
    applies: (path) => path !== FORMATTER,
    pattern:
      /\$\{[^}]*\}\s*\$\{[^}]*\b(moneyType|currency)\b[^}]*\}|\$\{[^}]*\b(moneyType|currency)\b[^}]*\}\s*\$\{[^}]*(price|amount|cents|balance|total)[^}]*\}/i,
    catches: "const text = `${price} ${order.moneyType}`;",
    allows: "const key = `${locale}|${currency}|${signed}`;",
  },
  {
    name: "an amount and a currency side by side in JSX",
    applies: (path) => path.endsWith(".tsx"),
    pattern:
      /\{[^{}]*(price|amount|balance|total)[^{}]*\}\s*\{[^{}]*\b(moneyType|currency)\b[^{}]*\}|\{[^{}]*\b(moneyType|currency)\b[^{}]*\}\s*\{[^{}]*(price|amount|balance)[^{}]*\}/i,
    catches: "<span>{row.price} {row.moneyType}</span>",
    allows: '<Money amount={row.price} currency={row.moneyType} className="x" />',
  },
  {
    name: "a currency code written by hand before or after a number",
    applies: (path) => path !== FORMATTER,
    pattern:
      /(["'`]\s*(USD|CNY|EUR)\s*["'`]\s*\+)|(\+\s*["'`]\s*(USD|CNY|EUR)\b)|(\d["'`]?\s*\+?\s*["'`]\s(USD|CNY|EUR)\b)|(toFixed\(2\)\}?\s*(USD|CNY|EUR)\b)/,
    catches: 'const text = (cents / 100).toFixed(2) + " USD";',
    allows: 'moneyType: account.username === "acme" ? "CNY" : "USD",',
  },
  {
    name: "toFixed(2) in the browser (amounts go through formatMoney)",
    applies: browser,
    pattern: /\.toFixed\(2\)/,
    catches: "<td>{(row.priceCents / 100).toFixed(2)}</td>",
    allows: "points.map((p) => p.x.toFixed(1))",
  },
  {
    name: "a currency formatter outside domain/money.ts",
    applies: (path) => path !== FORMATTER,
    pattern: /style:\s*["']currency["']|toLocaleString\([^)]*currency/,
    catches: 'new Intl.NumberFormat("en", { style: "currency", currency: "USD" })',
    allows: 'new Intl.DateTimeFormat("en", { dateStyle: "medium" })',
  },
];

const SOURCES = [...filesUnder("src"), ...filesUnder("machines"), ...filesUnder("server"), ...filesUnder("domain")];

describe("one money format: no amount is formatted by hand (issue 22)", () => {
  it("reads the app, the machines, the server and the rules", () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    expect(SOURCES).toContain("src/ui/Money.tsx");
  });

  for (const rule of RULES) {
    it(`the rule "${rule.name}" catches its mistake and lets the right way through`, () => {
      expect(rule.pattern.test(rule.catches)).toBe(true);
      expect(rule.pattern.test(rule.allows)).toBe(false);
    });

    it(`no source file has ${rule.name}`, () => {
      const offenders: string[] = [];
      for (const path of SOURCES.filter(rule.applies)) {
        readFileSync(join(ROOT, path), "utf8")
          .split("\n")
          .forEach((line, n) => {
            if (rule.pattern.test(line)) offenders.push(`${relative(ROOT, join(ROOT, path))}:${n + 1}: ${line.trim()}`);
          });
      }
      expect(offenders).toEqual([]);
    });
  }

  it("no catalog message writes a currency code (amounts are interpolated already formatted)", () => {
    for (const locale of ["en", "zh"]) {
      const catalog = readFileSync(join(ROOT, "src", "locales", locale, "messages.po"), "utf8");
      const lines = catalog.split("\n").filter((line) => /^msg(id|str) /.test(line) && /\b(USD|CNY|EUR)\b/.test(line));
      expect(lines, locale).toEqual([]);
    }
  });

  it("the one format is the same in both languages: the code first, a no-break space, two decimals", () => {
    for (const locale of ["en", "zh"]) {
      expect(formatMoney(32000, "USD", locale)).toBe("USD\u00a0320.00");
      expect(formatMoney(-32000, "CNY", locale)).toBe("-CNY\u00a0320.00");
      expect(formatMoney(32000, "USD", locale, { signed: true })).toBe("+USD\u00a0320.00");
    }
  });
});
