/**
 * The detours of the order flows (tests/machines/detours.ts): each is replayed on the real machine
 * (its invoked actors' answers are events) and must take every transition it says it walks, so the
 * coverage (tests/tools/flowCoverage.ts) counts only what a replayed tour takes.
 */
import { describe, expect, it } from "vitest";
import type { AnyStateMachine, EventObject } from "xstate";
import { DETOURS } from "./detours.ts";
import { CARD_TOURS, walk, type Restore } from "../tools/tours.ts";

const cases = Object.entries(DETOURS).flatMap(([id, detours]) =>
  detours().map((detour) => ({ id, name: detour.name, detour })),
);

describe("the detours take the transitions they walk", () => {
  it.each(cases)("$name", ({ id, detour }) => {
    const machine: AnyStateMachine = CARD_TOURS[id]!.machine;
    const steps = walk(machine, detour.input, detour.events as EventObject[], detour.restore as Restore | undefined);
    // every event was sent to a running machine
    expect(steps.length).toBe(1 + detour.events.length + (detour.restore ? 1 + detour.restore.then.length : 0));
    const taken = new Set(steps.flatMap((s) => s.taken));
    expect(detour.walks.filter((t) => !taken.has(t))).toEqual([]);
  });
});
