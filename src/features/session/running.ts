import type { Actor } from "xstate";
import type { SessionMachine } from "../../../machines/session/session.machine.ts";

/**
 * What the client's hooks need from the running session machine, shared by `session.ts` (which sets
 * it) and `sessionHandle.ts` (which reads it) without either importing the other in a circle.
 */
export interface SessionTransport {
  sessionActor: Actor<SessionMachine>;
  isRefreshing(): boolean;
  whenRefreshed(): Promise<void>;
}

let running: SessionTransport | undefined;

/**
 * Called by `session.ts` before it starts its actor: the actor's first requests (the menu
 * authorities of a restored session) already need its token.
 */
export function attachSession(transport: SessionTransport): void {
  running = transport;
}

/** The running session, or undefined while the machine has not loaded. */
export const runningSession = (): SessionTransport | undefined => running;
