/**
 * The session feature's public face. Only the handle is here (it is part of the first load); the
 * machine itself (`session.ts`) loads on demand through `loadSession`, and the login and logout
 * modals are mounted by the shell's overlays (src/app/Overlays.tsx), which import them lazily.
 */
export {
  hasStoredSession,
  loadSettledSession,
  loadedSessionActor,
  preloadSessionWhenIdle,
  sendToSession,
  sessionHandle,
  useSession,
  whenSessionLoaded,
  type SessionActor,
  type SessionSnapshot,
} from "./sessionHandle.ts";
export { noticeText } from "./notices.ts";
