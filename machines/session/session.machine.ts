import { assign, emit, fromPromise, setup } from "xstate";
import { ApiError, NetworkError, serverNotice, type Notice } from "../shared/messages.ts";

/**
 * What a tab holds of its session: the access token, in memory only. The refresh token is the browser's
 * (an httpOnly cookie every tab shares, issue 20 §4); the refresh call takes it from there.
 */
export interface Tokens {
  token: string;
}
export interface SignedInSession {
  tokens: Tokens;
  username: string;
  authorities: string[] | null;
  remember: boolean;
}

export type LoginField = "username" | "password";
export type SessionNoticeKey =
  | "login.pleaseLogIn" // SHELL-084
  | "login.failed" // SHELL-126
  | "login.networkFailed" // SHELL-127
  | "login.success"; // SHELL-128

export interface SessionContext {
  session: SignedInSession | null;
  form: { username: string; password: string; remember: boolean };
  fieldErrors: Partial<Record<LoginField, "required">>;
  loginError: Notice<SessionNoticeKey> | null;
  /** A note shown above the login form (please log in first) or after the session ended. */
  notice: Notice<SessionNoticeKey> | null;
  /** Issue 20 §4: the browser may hold a session (its cookie) this tab can join at start. */
  resumable: boolean;
}

export type SessionEvent =
  | { type: "user.openLogin"; reason?: "pleaseLogIn" }
  | { type: "user.closeLogin" }
  | { type: "user.edit"; field: LoginField; value: string }
  | { type: "user.setRemember"; value: boolean }
  | { type: "user.submitLogin" }
  | { type: "user.requestLogout" }
  | { type: "user.cancelLogout" }
  | { type: "user.confirmLogout" }
  | { type: "user.dismissNotice" }
  | { type: "api.tokenExpired" }
  | { type: "api.sessionEnded"; message: string }
  /** Issue 20 §4: another tab of the browser signed out (the browser's session has ended) ... */
  | { type: "tab.signedOut" }
  /** ... or signed in (this tab, signed out, joins the browser's session). */
  | { type: "tab.signedIn" };

/** Told to the app: where to go after a sign-in, a logout or an ended session. */
export type SessionEmitted =
  | { type: "signedIn" }
  | { type: "loggedOut" }
  | { type: "sessionEnded" }
  /** Issue 20 §4: the tab joined the browser's session (at start, or when another tab signed in). */
  | { type: "joined" };

export interface LoginOutput {
  tokens: Tokens;
  username: string;
  authorities: string[];
  message: string;
}

/** The browser's session a tab resumed (issue 20 §4), with the authorities the tab kept, if any. */
export interface ResumeOutput {
  tokens: Tokens;
  username: string;
  authorities: string[] | null;
}

/** Token failures that end the session (SHELL-131..133); ATE is refreshed instead (SHELL-129). */
export const SESSION_ENDING_CODES = ["RTE", "ATI", "RTI"] as const;
const endsSession = (error: unknown) =>
  error instanceof ApiError &&
  ((SESSION_ENDING_CODES as readonly (string | number)[]).includes(error.code) || error.httpStatus === 401);

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    /**
     * `restored`: a session to start signed in with. `resume`: the browser may hold a session (its cookie):
     * a tab without one in memory asks the refresh call for it before it says signed in or out.
     */
    input: {} as { restored: SignedInSession | null; resume?: boolean },
  },
  actors: {
    login: fromPromise<LoginOutput, { username: string; password: string; remember: boolean }>(async () => {
      throw new Error("login actor not provided");
    }),
    // the user too: a tab takes a refreshed session only for the user it had (issue 20 §4)
    refresh: fromPromise<Tokens, { username: string }>(async () => {
      throw new Error("refresh actor not provided");
    }),
    resume: fromPromise<ResumeOutput, void>(async () => {
      throw new Error("resume actor not provided");
    }),
    logout: fromPromise<void, void>(async () => {
      throw new Error("logout actor not provided");
    }),
    loadAuthorities: fromPromise<string[], void>(async () => {
      throw new Error("loadAuthorities actor not provided");
    }),
  },
  actions: {
    /**
     * Persists what the tab keeps of the session: the menu authorities in session storage (SHELL-119). The
     * tokens are not stored (issue 20 §4: the refresh token is the browser's cookie, the access token in memory).
     */
    persistSession: (_, _session: SignedInSession) => {},
    /** Forgets the stored authorities, and any token an older version stored (SHELL-083). */
    forgetSession: () => {},
  },
  guards: {
    // SHELL-113: username must be non-empty
    isUsernameMissing: ({ context }) => context.form.username.trim() === "",
    // SHELL-114: password must be non-empty
    isPasswordMissing: ({ context }) => context.form.password === "",
    hasSession: ({ context }) => context.session !== null,
    // issue 20 §4: the browser may hold a session this tab can join
    mayResume: ({ context }) => context.resumable,
    hasAuthorities: ({ context }) => context.session?.authorities != null,
    // SHELL-131..134: RTE, ATI, RTI and HTTP 401 end the session; other refresh failures do not
    refreshEndsSession: ({ event }) => endsSession((event as { error?: unknown }).error),
    isNetworkFailure: ({ event }) => (event as { error?: unknown }).error instanceof NetworkError,
  },
}).createMachine({
  id: "session",
  context: ({ input }) => ({
    session: input.restored,
    form: { username: "", password: "", remember: false },
    fieldErrors: {},
    loginError: null,
    notice: null,
    resumable: input.resume ?? false,
  }),
  initial: "booting",
  states: {
    booting: {
      // SHELL-112: the logged-in state is set whenever a token exists (in memory, or the browser's cookie)
      always: [
        { guard: "hasSession", target: "signedIn" },
        { guard: "mayResume", target: "resuming" },
        { target: "signedOut" },
      ],
    },
    // Issue 20 §4: a tab without a session in memory (a new tab, a reload) joins the browser's session through
    // the refresh call (the cookie goes along); none, or refused: signed out, quietly.
    resuming: {
      tags: ["pending"],
      invoke: {
        id: "resume",
        src: "resume",
        onDone: {
          target: "signedIn",
          actions: [
            // what the tab had begun to type or say while signed out is over
            assign({
              session: ({ event }) => ({
                tokens: event.output.tokens,
                username: event.output.username,
                authorities: event.output.authorities,
                remember: false,
              }),
              form: { username: "", password: "", remember: false },
              fieldErrors: {},
              loginError: null,
              notice: null,
            }),
            { type: "persistSession", params: ({ context }) => context.session! },
            emit({ type: "joined" as const }),
          ],
        },
        onError: "signedOut",
      },
    },
    signedOut: {
      initial: "idle",
      entry: [assign({ session: null }), "forgetSession"],
      states: {
        idle: {
          on: {
            "user.openLogin": {
              target: "loginOpen",
              // SHELL-084, SHELL-085: a logged-out menu click opens the login modal with a note
              actions: assign({
                notice: ({ event }) => (event.reason === "pleaseLogIn" ? { key: "login.pleaseLogIn" as const } : null),
              }),
            },
            "user.dismissNotice": { actions: assign({ notice: null }) },
            // Issue 20 §4: signed in in another tab: this one joins the browser's session
            "tab.signedIn": "#session.resuming",
          },
        },
        loginOpen: {
          initial: "editing",
          entry: assign({ fieldErrors: {}, loginError: null }),
          on: {
            "user.closeLogin": {
              target: "idle",
              actions: assign({ notice: null, form: ({ context }) => ({ ...context.form, password: "" }) }),
            },
          },
          states: {
            editing: {
              on: {
                // Issue 20 §4: signed in in another tab while this one's login modal waited: it joins (its own
                // sign-in, once submitted, goes on: its answer decides)
                "tab.signedIn": "#session.resuming",
                "user.edit": {
                  actions: assign({
                    form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
                    fieldErrors: ({ context, event }) => ({ ...context.fieldErrors, [event.field]: undefined }),
                  }),
                },
                "user.setRemember": {
                  actions: assign({ form: ({ context, event }) => ({ ...context.form, remember: event.value }) }),
                },
                // SHELL-091: Enter submits (the view sends user.submitLogin on Enter)
                "user.submitLogin": [
                  { guard: "isUsernameMissing", actions: assign({ fieldErrors: { username: "required" } }) },
                  { guard: "isPasswordMissing", actions: assign({ fieldErrors: { password: "required" } }) },
                  { target: "submitting" },
                ],
              },
            },
            submitting: {
              tags: ["pending"],
              entry: assign({ loginError: null }),
              invoke: {
                id: "login",
                src: "login",
                input: ({ context }) => ({
                  username: context.form.username.trim(),
                  password: context.form.password,
                  remember: context.form.remember,
                }),
                onDone: {
                  // SHELL-110: code 0 signs the user in and closes the modal
                  target: "#session.signedIn",
                  actions: [
                    assign(({ context, event }) => ({
                      session: {
                        tokens: event.output.tokens,
                        username: event.output.username,
                        authorities: event.output.authorities,
                        remember: context.form.remember,
                      },
                      form: { username: "", password: "", remember: false },
                      // SHELL-128: the server message, or "login success"
                      notice: event.output.message
                        ? { key: "server" as const, text: event.output.message }
                        : { key: "login.success" as const },
                    })),
                    { type: "persistSession", params: ({ context }) => context.session! },
                    emit({ type: "signedIn" as const }),
                  ],
                },
                onError: [
                  // SHELL-127: network failure
                  {
                    guard: "isNetworkFailure",
                    target: "editing",
                    actions: assign({ loginError: { key: "login.networkFailed" as const } }),
                  },
                  {
                    // SHELL-111, SHELL-126: the modal stays open with the server message or "login failed"
                    target: "editing",
                    actions: assign({
                      loginError: ({ event }) => serverNotice<SessionNoticeKey>(event.error, "login.failed"),
                    }),
                  },
                ],
              },
            },
          },
        },
      },
    },
    signedIn: {
      type: "parallel",
      on: {
        // SHELL-131..134: the transport reports a session-ending answer
        "api.sessionEnded": {
          target: "signedOut",
          actions: [
            assign({ notice: ({ event }) => ({ key: "server" as const, text: event.message }) }),
            emit({ type: "sessionEnded" as const }),
          ],
        },
        "user.dismissNotice": { actions: assign({ notice: null }) },
        // Issue 20 §4: signed out in another tab: the browser's session has ended here too (the guards send
        // the user to sign in)
        "tab.signedOut": {
          target: "signedOut",
          actions: [assign({ notice: null }), emit({ type: "sessionEnded" as const })],
        },
      },
      states: {
        token: {
          initial: "valid",
          states: {
            valid: {
              // SHELL-129: an expired access token starts exactly one refresh
              on: { "api.tokenExpired": "refreshing" },
            },
            refreshing: {
              tags: ["pending"],
              // SHELL-130: while refreshing, further expiries join the same refresh (no transition)
              invoke: {
                id: "refresh",
                src: "refresh",
                // the user too: a tab takes the refreshed session only for the same user
                input: ({ context }) => ({ username: context.session!.username }),
                onDone: {
                  target: "valid",
                  actions: [
                    assign({ session: ({ context, event }) => ({ ...context.session!, tokens: event.output }) }),
                    { type: "persistSession", params: ({ context }) => context.session! },
                  ],
                },
                onError: [
                  {
                    guard: "refreshEndsSession",
                    target: "#session.signedOut",
                    actions: [
                      assign({
                        notice: ({ event }) => ({ key: "server" as const, text: (event.error as Error).message }),
                      }),
                      emit({ type: "sessionEnded" as const }),
                    ],
                  },
                  { target: "valid" },
                ],
              },
            },
          },
        },
        menu: {
          initial: "checking",
          states: {
            checking: { always: [{ guard: "hasAuthorities", target: "ready" }, { target: "loading" }] },
            loading: {
              invoke: {
                id: "loadAuthorities",
                src: "loadAuthorities",
                onDone: {
                  target: "ready",
                  actions: [
                    assign({ session: ({ context, event }) => ({ ...context.session!, authorities: event.output }) }),
                    { type: "persistSession", params: ({ context }) => context.session! },
                  ],
                },
                onError: "ready",
              },
            },
            ready: {},
          },
        },
        logout: {
          initial: "idle",
          states: {
            idle: { on: { "user.requestLogout": "confirming" } },
            // SHELL-081: Log Out asks for confirmation
            confirming: { on: { "user.cancelLogout": "idle", "user.confirmLogout": "loggingOut" } },
            loggingOut: {
              tags: ["pending"],
              // SHELL-121, SHELL-083: POST logout, then the token is cleared whatever the answer
              // SHELL-082: afterwards the app returns to the site root
              invoke: {
                id: "logout",
                src: "logout",
                onDone: {
                  target: "#session.signedOut",
                  actions: [assign({ notice: null }), emit({ type: "loggedOut" as const })],
                },
                onError: {
                  target: "#session.signedOut",
                  actions: [assign({ notice: null }), emit({ type: "loggedOut" as const })],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
