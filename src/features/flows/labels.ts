/**
 * The words of the flow pictures, as pure functions of the graph and the label table
 * (machines/flowLabels.ts): an arrow's trigger ("when checking the stock succeeds", "after 500 ms")
 * and its guard ("if not: A fabric is chosen · QO-134"), in the user's language.
 */
import { ACTOR_LABELS, GUARD_LABELS, type GuardLabel } from "../../../machines/flowLabels.ts";
import type { GraphTransition, GuardRef } from "./machineGraph.ts";

export type Lang = "en" | "zh";

/** The table's entry of a guard, or undefined for an inline or unknown one. */
export const guardEntry = (name: string): GuardLabel | undefined => GUARD_LABELS[name];

/** What an invoked actor does, in the user's language (its source name when the table has none). */
export const actorText = (src: string, lang: Lang): string => ACTOR_LABELS[src]?.[lang] ?? src;

/** The trigger of a transition, in words. */
export function triggerText(t: GraphTransition, lang: Lang): string {
  const zh = lang === "zh";
  switch (t.kind) {
    case "always":
      return zh ? "立即（无事件）" : "immediately (no event)";
    case "done":
      return zh ? "全部完成时" : "when done";
    case "after": {
      const delay = t.delay === undefined ? "?" : typeof t.delay === "number" ? `${String(t.delay)} ms` : t.delay;
      return zh ? `${delay} 之后` : `after ${delay}`;
    }
    case "invoke": {
      if (!t.actor) return t.event;
      const what = actorText(t.actor.src, lang);
      if (t.actor.outcome === "done") return zh ? `${what}成功时` : `when ${what} succeeds`;
      if (t.actor.outcome === "error") return zh ? `${what}失败时` : `when ${what} fails`;
      return zh ? `${what}更新时` : `when ${what} reports`;
    }
    default:
      return childEventText(t.event, lang) ?? t.event;
  }
}

/** A spawned child's event the flow listens to (`xstate.snapshot.card.*`), in words; else undefined. */
function childEventText(event: string, lang: Lang): string | undefined {
  const match = /^xstate\.(done\.actor|error\.actor|snapshot)\.([^.*]+)/.exec(event);
  if (!match) return undefined;
  const what = actorText(match[2]!, lang);
  const zh = lang === "zh";
  if (match[1] === "done.actor") return zh ? `${what}成功时` : `when ${what} succeeds`;
  if (match[1] === "error.actor") return zh ? `${what}失败时` : `when ${what} fails`;
  return zh ? `${what}更新时` : `when ${what} changes`;
}

/** One named guard in words: "if: …" / "if not: …", with its rule IDs. */
export function guardRefText(ref: GuardRef, lang: Lang): string {
  const entry = guardEntry(ref.name);
  const description = entry ? entry[lang] : ref.name;
  const rules = entry && entry.rules.length > 0 ? ` · ${entry.rules[0]!}${entry.rules.length > 1 ? "…" : ""}` : "";
  const prefix = lang === "zh" ? (ref.negated ? "若不满足：" : "若：") : ref.negated ? "if not: " : "if: ";
  return `${prefix}${description}${rules}`;
}

/** The guard line of an arrow, or undefined for an unguarded one (an inline guard keeps its name). */
export function guardText(t: GraphTransition, lang: Lang): string | undefined {
  if (t.guard === undefined) return undefined;
  if (t.guardRefs.length === 0) return `[${t.guard}]`;
  return t.guardRefs.map((ref) => guardRefText(ref, lang)).join(lang === "zh" ? "，且" : ", and ");
}

/** The rule a transition refuses by, when taking it means the user's step was refused. */
export function refusingRule(t: Pick<GraphTransition, "guardRefs">): GuardRef | undefined {
  return t.guardRefs.find((ref) => {
    const entry = guardEntry(ref.name);
    if (!entry?.refusal) return false;
    return entry.kind === "check" ? ref.negated : entry.kind === "refusal" && !ref.negated;
  });
}

/**
 * Approximate width of a text in px: CJK characters (U+2E80..U+9FFF, U+FF00..U+FFEF) are one em, others
 * about 0.58 em. Read by char code, summed in order (the kept layouts' keys hold these widths): it runs
 * for every line of the picture on the page's first render.
 */
export function textWidth(text: string, fontSize: number): number {
  const narrow = fontSize * 0.58;
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // a character beyond U+FFFF (a surrogate pair) is one narrow character
    if (code >= 0xd800 && code <= 0xdbff) i += 1;
    width += (code >= 0x2e80 && code <= 0x9fff) || (code >= 0xff00 && code <= 0xffef) ? fontSize : narrow;
  }
  return Math.ceil(width);
}
