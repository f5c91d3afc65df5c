import { describe, expect, it } from "vitest";
import { createActor, type AnyMachineSnapshot, type EventObject } from "xstate";
import { createTestModel } from "xstate/graph";
import {
  sessionMachine,
  type LoginOutput,
  type ResumeOutput,
  type SessionContext,
  type SessionEvent,
  type SignedInSession,
  type Tokens,
} from "../../machines/session/session.machine.ts";
import {
  allStateNodeIds,
  allStateNodes,
  modelEdges,
  reachedStateNodeIds,
  serializeModelEvent,
  transientStateNodeIds,
  transitionPaths,
} from "./paths.ts";
import {
  restoredSession,
  serializeSession,
  sessionAdjacency,
  sessionModelEvents,
  sessionJoinPaths,
  sessionShortestPaths,
} from "./session.model.ts";
import { createController, replay, type ReplayDriver } from "./replay.ts";

/**
 * Two models: the app starting without a stored session, and starting with a stored session
 * whose menu authorities are not yet known (the only way into signedIn.menu.loading). A tab starting
 * without a session while the browser holds one (booting → resuming) has its own short paths below.
 */
const MODELS = [
  // Issue 20 §4 added the browser's other tabs (tab.signedIn / tab.signedOut) and joining its session (resuming).
  { name: "no stored session", restored: null, resume: false, states: 240, transitions: 1403 },
  {
    name: "stored session without authorities",
    restored: restoredSession(null),
    resume: false,
    states: 270,
    transitions: 1672,
  },
] as const;

const INVOKED = ["login", "refresh", "resume", "logout", "loadAuthorities"] as const;

/** A real session actor whose promise actors the replay settles, with a fake storage. */
function sessionDriver(restored: SignedInSession | null, resume: boolean): ReplayDriver {
  const controller = createController();
  let stored: SignedInSession | null = restored && structuredClone(restored);
  let checkedInputs = 0;
  const emitted: string[] = [];
  const machine = sessionMachine.provide({
    actors: {
      login: controller.actor<LoginOutput, { username: string; password: string; remember: boolean }>("login"),
      refresh: controller.actor<Tokens, { username: string }>("refresh"),
      resume: controller.actor<ResumeOutput, void>("resume"),
      logout: controller.actor<void, void>("logout"),
      loadAuthorities: controller.actor<string[], void>("loadAuthorities"),
    },
    actions: {
      persistSession: (_, session: SignedInSession) => {
        stored = structuredClone(session);
      },
      forgetSession: () => {
        stored = null;
      },
    },
  });
  const actor = createActor(machine, { input: { restored, resume } });
  actor.on("*", (event) => emitted.push(event.type));
  actor.start();

  /** What each invocation must receive, from the model's context when it started. */
  function expectedInput(id: string, context: SessionContext): unknown {
    switch (id) {
      case "login":
        return {
          username: context.form.username.trim(),
          password: context.form.password,
          remember: context.form.remember,
        };
      case "refresh":
        return { username: context.session!.username };
      default:
        return undefined;
    }
  }

  /** The events the app is told of for a step (signedIn / loggedOut / sessionEnded). */
  function expectedEmitted(
    model: AnyMachineSnapshot,
    event: EventObject,
    previous: AnyMachineSnapshot | undefined,
  ): string[] {
    if (!previous) return [];
    if (previous.matches("signedOut") && model.matches("signedIn")) return ["signedIn"];
    if (previous.matches("resuming") && model.matches("signedIn")) return ["joined"];
    if (previous.matches("signedIn") && model.matches("signedOut")) {
      return event.type.endsWith(".actor.logout") ? ["loggedOut"] : ["sessionEnded"];
    }
    return [];
  }

  return {
    send: (event) => actor.send(event as SessionEvent),
    settle: (event) => {
      controller.settle(event);
    },
    check(model, event, previous) {
      const real = actor.getSnapshot();
      expect(real.status).toBe("active");
      expect(real.value).toEqual(model.value);
      expect(real.context).toEqual(model.context);
      expect(serializeSession(real)).toBe(serializeSession(model));
      // Exactly the model's invocations are running in the real actor.
      expect([...controller.running.keys()].sort()).toEqual(
        Object.keys(model.children)
          .filter((id) => (INVOKED as readonly string[]).includes(id))
          .sort(),
      );
      // Every invocation started by this step got its input from the state it started in.
      for (const { id, input } of controller.inputs.slice(checkedInputs))
        expect({ id, input }).toEqual({ id, input: expectedInput(id, model.context as SessionContext) });
      checkedInputs = controller.inputs.length;
      // SHELL-109, SHELL-083, SHELL-119: storage mirrors the session.
      if (model.matches("signedIn")) expect(stored).toEqual(real.context.session);
      else expect(stored).toBeNull();
      expect(emitted.splice(0)).toEqual(expectedEmitted(model, event, previous));
    },
  };
}

describe("session model (xstate/graph)", () => {
  it("createTestModel refuses machines with invocations, so the paths come from getShortestPaths", () => {
    expect(() => createTestModel(sessionMachine)).toThrow(/Invocations/);
  });

  it.each(MODELS)(
    "from $name there is one shortest path to each of the $states states",
    ({ restored, resume, states }) => {
      const paths = sessionShortestPaths(restored, resume);
      expect(paths.length).toBe(states);
      expect(new Set(paths.map((p) => serializeSession(p.state))).size).toBe(states);
    },
  );

  it("every state node is reached by a shortest path; only the eventless pass-through nodes are never at rest", () => {
    const reached = new Set(
      MODELS.flatMap(({ restored, resume }) => [...reachedStateNodeIds(sessionShortestPaths(restored, resume))]),
    );
    const transient = transientStateNodeIds(sessionMachine.root);
    expect(transient.sort()).toEqual(["session.booting", "session.signedIn.menu.checking"]);
    const all = allStateNodeIds(sessionMachine.root);
    expect(all).toHaveLength(19);
    expect(all.filter((id) => !reached.has(id))).toEqual(transient);
    // Parallel regions' leaves are among them.
    for (const leaf of [
      "session.signedIn.token.refreshing",
      "session.signedIn.menu.loading",
      "session.signedIn.logout.loggingOut",
    ]) {
      expect(reached.has(leaf)).toBe(true);
    }
  });

  it("the model's events cover every event the machine handles", () => {
    const handled = new Set(allStateNodes(sessionMachine.root).flatMap((node) => node.ownEvents as string[]));
    for (const type of sessionMachine.root.ownEvents as string[]) handled.add(type);
    const modelled = new Set(
      MODELS.flatMap(({ restored, resume }) =>
        modelEdges(sessionAdjacency(restored, resume)).map(({ event }) => event.type),
      ),
    );
    expect([...modelled].sort()).toEqual([...handled].sort());
    expect(new Set(sessionModelEvents.map((e) => e.type))).toEqual(modelled);
  });

  it.each(MODELS)(
    "from $name the $transitions transitions of the adjacency map are each exercised by a path",
    ({ restored, resume, transitions }) => {
      const adjacency = sessionAdjacency(restored, resume);
      const edges = modelEdges(adjacency).map(
        ({ state, event }) => `${serializeSession(state)} | ${serializeModelEvent(event)}`,
      );
      expect(edges.length).toBe(transitions);
      const paths = transitionPaths(sessionShortestPaths(restored, resume), adjacency, serializeSession);
      const exercised = new Set(
        paths.flatMap((p) =>
          p.steps
            .slice(1)
            .map((step, i) => `${serializeSession(p.steps[i]!.state)} | ${serializeModelEvent(step.event)}`),
        ),
      );
      expect(edges.filter((edge) => !exercised.has(edge))).toEqual([]);
    },
  );

  it.each(MODELS)(
    "from $name a real actor takes every transition of the model, and so follows every shortest path",
    async ({ restored, resume, transitions }) => {
      const paths = transitionPaths(
        sessionShortestPaths(restored, resume),
        sessionAdjacency(restored, resume),
        serializeSession,
      );
      // Each shortest path (but the empty one) is the shortest path to a state and one transition.
      const key = (p: { steps: Array<{ event: EventObject }> }) =>
        p.steps.map((s) => serializeModelEvent(s.event)).join("|");
      const replayed = new Set(paths.map(key));
      expect(sessionShortestPaths(restored, resume).filter((p) => p.steps.length > 1 && !replayed.has(key(p)))).toEqual(
        [],
      );
      for (const path of paths)
        await replay(
          path,
          { machine: sessionMachine, input: { restored, resume }, serialize: serializeSession },
          sessionDriver(restored, resume),
        );
      expect(paths.length).toBe(transitions);
    },
  );

  it("SHELL-112 a tab joining the browser's session: a real actor follows each short path from its start", async () => {
    const paths = sessionJoinPaths();
    // booting → resuming at once; then the answer (joined, or refused) and one step more
    expect(paths.length).toBeGreaterThan(2);
    const first = paths.map((p) => p.steps[1]?.event.type);
    expect(first).toContain("xstate.done.actor.resume");
    expect(first).toContain("xstate.error.actor.resume");
    for (const path of paths)
      await replay(
        path,
        { machine: sessionMachine, input: { restored: null, resume: true }, serialize: serializeSession },
        sessionDriver(null, true),
      );
  });
});
