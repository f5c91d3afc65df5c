/**
 * Shared: the command-line options of the benchmarks, read with node's `util.parseArgs` (strict: an option a
 * benchmark does not take, or a value that is not a number, stops it with a message naming the option).
 *
 * A benchmark names its options in camelCase and is called with them in kebab-case (`clickHold` is
 * `--click-hold <n>`, `noBuild` is `--no-build`); `--smoke` (server.ts `resultsFile`, `expectFigures`) is
 * taken by every one, and a number option's `smoke` value replaces what was given in smoke mode.
 */
import { parseArgs } from "node:util";

interface NumberOption {
  kind: "number";
  fallback: number;
  /** The value in smoke mode, whatever was given. */
  smoke?: number;
  /** Rounded to a whole number (connections, counts). */
  whole?: boolean;
  /** 0 is allowed (a hold time); otherwise a number option is positive. */
  zero?: boolean;
}
interface TextOption {
  kind: "string";
  fallback: string | undefined;
}
interface FlagOption {
  kind: "flag";
}
type Option = NumberOption | TextOption | FlagOption;

/** `--<name> <n>`, `fallback` when not given. */
export const num = (fallback: number, opts: Omit<NumberOption, "kind" | "fallback"> = {}): NumberOption => ({
  kind: "number",
  fallback,
  ...opts,
});
/** `--<name> <text>`, `fallback` when not given. */
export function text(fallback: string): { kind: "string"; fallback: string };
export function text(): TextOption;
export function text(fallback?: string): TextOption {
  return { kind: "string", fallback };
}
/** `--<name>`: true when given. */
export const flag = (): FlagOption => ({ kind: "flag" });

export type Options<S extends Record<string, Option>> = {
  [K in keyof S]: S[K] extends NumberOption
    ? number
    : S[K] extends FlagOption
      ? boolean
      : S[K] extends { fallback: string }
        ? string
        : string | undefined;
} & { smoke: boolean };

const flagName = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Reads the options `spec` names (and `--smoke`) from the command line; exits 2 with a message on a wrong one. */
export function parseOptions<const S extends Record<string, Option>>(
  spec: S,
  args = process.argv.slice(2),
): Options<S> {
  try {
    const { values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: Object.fromEntries([
        ["smoke", { type: "boolean" }],
        ...Object.entries(spec).map(([key, o]) => [flagName(key), { type: o.kind === "flag" ? "boolean" : "string" }]),
      ]) as Record<string, { type: "boolean" | "string" }>,
    });
    const smoke = values.smoke === true;
    const result: Record<string, unknown> = { smoke };
    for (const [key, o] of Object.entries(spec)) {
      const raw = values[flagName(key)];
      if (o.kind === "flag") result[key] = raw === true;
      else if (o.kind === "string") result[key] = typeof raw === "string" ? raw : o.fallback;
      else result[key] = smoke && o.smoke !== undefined ? o.smoke : numberOf(flagName(key), raw, o);
    }
    return result as Options<S>;
  } catch (error) {
    console.error(`${String((error as Error).message)} (the options are in the header of the benchmark's file)`);
    process.exit(2);
  }
}

function numberOf(name: string, raw: string | boolean | undefined, o: NumberOption): number {
  if (typeof raw !== "string") return o.fallback;
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(value) || value < 0 || (value === 0 && !o.zero))
    throw new Error(`--${name} must be a ${o.zero ? "non-negative" : "positive"} number, got "${raw}"`);
  return o.whole ? Math.round(value) : value;
}
