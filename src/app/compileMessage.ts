import type { I18n } from "@lingui/core";

/** A message as Lingui's catalogs hold it once compiled (what `setMessagesCompiler` must return). */
type Compiled = ReturnType<Parameters<I18n["setMessagesCompiler"]>[0]>;
type Token = Compiled[number];

const PLURALS = new Set(["plural", "selectordinal", "select"]);

/**
 * Issue 21: English needs no catalog. The build keeps each message's English text beside its id
 * (vite.config.ts: the macro's `stripMessageField: false`) and Lingui compiles it on first use with
 * this compiler, the same output as Lingui's own (`@lingui/message-utils`, tested on every message of
 * both catalogs in tests/unit/compileMessage.test.ts) in a few hundred bytes instead of 19 kB of catalog
 * on every first load. ICU MessageFormat as the catalogs use it: `{arg}`, `{arg, fn, param}`,
 * `{arg, plural|selectordinal|select, [offset:n] key {...} ...}`, `#` in a plural, and quoting with
 * apostrophes (`''` is one; `'` before `{`, `}` or a plural's `#` quotes up to the next lone `'`).
 */
export function compileMessage(message: string): Compiled {
  let at = 0;

  function body(inPlural: boolean): Token[] {
    const tokens: Token[] = [];
    let text = "";
    const flush = () => {
      if (text) tokens.push(text);
      text = "";
    };
    while (at < message.length) {
      const c = message[at]!;
      if (c === "}") break;
      if (c === "'") {
        const next = message[at + 1];
        if (next === "'") {
          text += "'";
          at += 2;
        } else if (next === "{" || next === "}" || (inPlural && next === "#")) {
          at += 1;
          while (at < message.length) {
            if (message[at] === "'" && message[at + 1] === "'") {
              text += "'";
              at += 2;
            } else if (message[at] === "'") {
              at += 1;
              break;
            } else text += message[at++];
          }
        } else {
          text += "'";
          at += 1;
        }
      } else if (c === "{") {
        flush();
        tokens.push(argument(inPlural));
      } else if (c === "#" && inPlural) {
        flush();
        tokens.push("#");
        at += 1;
      } else {
        text += c;
        at += 1;
      }
    }
    flush();
    return tokens;
  }

  /** Reads up to (not past) one of `stops`, trimmed. */
  function word(stops: string): string {
    const start = at;
    while (at < message.length && !stops.includes(message[at]!)) at += 1;
    return message.slice(start, at).trim();
  }

  function expect(char: string): void {
    if (message[at] !== char) throw new Error(`expected "${char}" at ${at}`);
    at += 1;
  }

  /** `{...}`; `inPlural`: inside a plural's case, where `#` is its number (a select there keeps it). */
  function argument(inPlural: boolean): Token {
    expect("{");
    const arg = word(",}");
    if (message[at] === "}") {
      at += 1;
      return [arg];
    }
    expect(",");
    const type = word(",}");
    if (message[at] === "}") {
      at += 1;
      return [arg, type] as unknown as Token;
    }
    expect(",");
    if (!PLURALS.has(type)) {
      // a function's parameter runs to the matching brace
      const start = at;
      let depth = 0;
      while (at < message.length && (message[at] !== "}" || depth > 0)) {
        if (message[at] === "{") depth += 1;
        else if (message[at] === "}") depth -= 1;
        at += 1;
      }
      const param = message.slice(start, at).trim();
      expect("}");
      return [arg, type, param] as unknown as Token;
    }
    const cases: Record<string, unknown> = {};
    let offset: number | undefined;
    for (;;) {
      const key = word("{}").replace(/\s+/g, " ");
      if (message[at] === "}") break;
      const words = key.split(" ").filter(Boolean);
      for (const w of words.slice(0, -1))
        if (w.startsWith("offset:")) offset = Number(w.slice(7));
        else throw new Error(`unexpected "${w}" at ${at}`);
      const last = words.at(-1) ?? "";
      if (last.startsWith("offset:")) throw new Error(`a case is missing after "${last}"`);
      expect("{");
      cases[last.startsWith("=") ? last.slice(1) : last] = body(type !== "select" || inPlural);
      expect("}");
    }
    expect("}");
    return [arg, type, { offset, ...cases }] as unknown as Token;
  }

  try {
    const tokens = body(false);
    if (at < message.length) throw new Error(`unexpected "}" at ${at}`);
    return tokens as Compiled;
  } catch {
    // as Lingui's compiler does with a malformed message: the text as it is
    return [message] as Compiled;
  }
}
