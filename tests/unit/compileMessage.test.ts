import { describe, expect, it } from "vitest";
import { compileMessage as linguiCompile } from "@lingui/message-utils/compileMessage";
import { compileMessage } from "../../src/app/compileMessage.ts";
import { realCatalog } from "./realCatalogs.ts";

/** Adjacent texts joined: Lingui's parser may cut a text where ours does not; the message reads the same. */
function joined(tokens: unknown): unknown {
  if (!Array.isArray(tokens)) return tokens;
  const out: unknown[] = [];
  for (const token of tokens) {
    if (typeof token === "string" && typeof out.at(-1) === "string")
      out[out.length - 1] = `${String(out.at(-1))}${token}`;
    else if (Array.isArray(token) && token.length === 3 && typeof token[2] === "object" && token[2] !== null)
      out.push([
        token[0],
        token[1],
        Object.fromEntries(
          Object.entries(token[2] as Record<string, unknown>)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, joined(v)]),
        ),
      ]);
    else out.push(token);
  }
  return out;
}

describe("issue 21: English compiled in the browser, without a catalog", () => {
  it.each(["en", "zh"] as const)(
    "every message of the %s catalog compiles as Lingui's own compiler does",
    async (locale) => {
      const catalog = await realCatalog(locale);
      const texts = Object.values(catalog);
      expect(texts.length).toBeGreaterThan(500);
      const differ = texts.filter(
        (text) => JSON.stringify(joined(compileMessage(text))) !== JSON.stringify(joined(linguiCompile(text))),
      );
      expect(differ).toEqual([]);
    },
  );

  it.each([
    "Plain text",
    "",
    "Hello {name}!",
    "{0, plural, one {# order} other {# orders}}",
    "{count, plural, offset:1 =0 {nobody} one {you and # other} other {you and # others}}",
    "{n, plural, one {{kind, select, shirt {# shirt} other {# piece}}} other {# items}}",
    "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
    "It's {name}'s order",
    "Braces: '{' and '}' and '{literal}' and ''quoted''",
    "{n, plural, other {'#' is a hash, # is {n}}}",
    "{amount, number} and {when, date, short}",
    "<0>Remake of</0> {code}",
  ])("%j compiles as Lingui's own compiler does", (text) => {
    expect(joined(compileMessage(text))).toEqual(joined(linguiCompile(text)));
  });

  it("a malformed message is kept as its text, as Lingui's compiler does", () => {
    expect(compileMessage("Unclosed {name")).toEqual(["Unclosed {name"]);
    expect(compileMessage("{n, plural, one {x}")).toEqual(["{n, plural, one {x}"]);
  });
});
