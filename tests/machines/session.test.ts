import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  SESSION_ENDING_CODES,
  sessionMachine,
  type LoginOutput,
  type ResumeOutput,
  type SignedInSession,
  type Tokens,
} from "../../machines/session/session.machine.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";

/** A promise the test settles by hand, to observe the machine while an actor is running. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

// Issue 20 §4: a tab holds only the access token; the refresh token is the browser's httpOnly cookie.
const TOKENS: Tokens = { token: "access-1" };
const NEW_TOKENS: Tokens = { token: "access-2" };
const restored = (authorities: string[] | null = ["newOrder"]): SignedInSession => ({
  tokens: TOKENS,
  username: "demo",
  authorities,
  remember: false,
});
const loginOk = (message = "Login success"): LoginOutput => ({
  tokens: TOKENS,
  username: "demo",
  authorities: ["newOrder", "billing"],
  message,
});

interface Doubles {
  restored?: SignedInSession | null;
  login?: (input: { username: string; password: string; remember: boolean }) => Promise<LoginOutput>;
  refresh?: (input: { username: string }) => Promise<Tokens>;
  /** Issue 20 §4: the browser may hold a session (its cookie), and what joining it answers. */
  resume?: boolean;
  resumed?: () => Promise<ResumeOutput>;
  logout?: () => Promise<void>;
  loadAuthorities?: () => Promise<string[]>;
}

/** The session machine with network doubles for its actors, recording calls, storage and emitted events. */
function startSession(doubles: Doubles = {}) {
  const calls = {
    login: [] as Array<{ username: string; password: string; remember: boolean }>,
    refresh: [] as Array<{ username: string }>,
    resume: 0,
    logout: 0,
    loadAuthorities: 0,
  };
  const persisted: SignedInSession[] = [];
  let forgotten = 0;
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<LoginOutput, { username: string; password: string; remember: boolean }>(async ({ input }) => {
        calls.login.push(input);
        return (doubles.login ?? (async () => loginOk()))(input);
      }),
      refresh: fromPromise<Tokens, { username: string }>(async ({ input }) => {
        calls.refresh.push(input);
        return (doubles.refresh ?? (async () => NEW_TOKENS))(input);
      }),
      resume: fromPromise<ResumeOutput, void>(async () => {
        calls.resume++;
        return (doubles.resumed ?? (async () => ({ tokens: NEW_TOKENS, username: "demo-sub1", authorities: null })))();
      }),
      logout: fromPromise<void, void>(async () => {
        calls.logout++;
        return (doubles.logout ?? (async () => undefined))();
      }),
      loadAuthorities: fromPromise<string[], void>(async () => {
        calls.loadAuthorities++;
        return (doubles.loadAuthorities ?? (async () => ["newOrder"]))();
      }),
    },
    actions: {
      persistSession: (_, session: SignedInSession) => {
        persisted.push(structuredClone(session));
      },
      forgetSession: () => {
        forgotten++;
      },
    },
  });
  const actor = createActor(machine, { input: { restored: doubles.restored ?? null, resume: doubles.resume } });
  const emitted: string[] = [];
  actor.on("signedIn", (e) => emitted.push(e.type));
  actor.on("loggedOut", (e) => emitted.push(e.type));
  actor.on("sessionEnded", (e) => emitted.push(e.type));
  actor.start();
  return { actor, calls, persisted, emitted, forgotten: () => forgotten };
}

type Session = ReturnType<typeof startSession>;

function fillLogin({ actor }: Session, username: string, password: string, remember = false) {
  actor.send({ type: "user.openLogin" });
  actor.send({ type: "user.edit", field: "username", value: username });
  actor.send({ type: "user.edit", field: "password", value: password });
  if (remember) actor.send({ type: "user.setRemember", value: true });
}

describe("session machine: start-up", () => {
  it("SHELL-112 without a stored session it starts signed out and forgets any stale storage", () => {
    const s = startSession({ restored: null });
    expect(s.actor.getSnapshot().value).toEqual({ signedOut: "idle" });
    expect(s.actor.getSnapshot().context.session).toBeNull();
    expect(s.forgotten()).toBe(1);
  });

  it("SHELL-112 a restored session (a token exists) starts signed in with the restored token", () => {
    const s = startSession({ restored: restored() });
    const snap = s.actor.getSnapshot();
    expect(snap.value).toEqual({ signedIn: { token: "valid", menu: "ready", logout: "idle" } });
    expect(snap.context.session?.tokens).toEqual(TOKENS);
    expect(s.forgotten()).toBe(0);
    expect(s.calls.loadAuthorities).toBe(0);
  });
});

describe("session machine: the browser's session (issue 20 §4)", () => {
  it("SHELL-112 a tab without a session in memory joins the browser's session: pending, then signed in as the answer says", async () => {
    const gate = deferred<ResumeOutput>();
    const s = startSession({ resume: true, resumed: () => gate.promise });
    expect(s.actor.getSnapshot().value).toBe("resuming");
    expect(s.actor.getSnapshot().hasTag("pending")).toBe(true);
    gate.resolve({ tokens: NEW_TOKENS, username: "demo-sub1", authorities: ["myOrder"] });
    const snap = await waitFor(s.actor, (x) => x.matches("signedIn"));
    expect(snap.context.session).toEqual({
      tokens: NEW_TOKENS,
      username: "demo-sub1",
      authorities: ["myOrder"],
      remember: false,
    });
    expect(s.calls.resume).toBe(1);
    // It joined quietly: no sign-in toast, no navigation.
    expect(snap.context.notice).toBeNull();
    expect(s.emitted).toEqual([]);
  });

  it("SHELL-119 a joined tab without kept authorities loads them", async () => {
    const s = startSession({ resume: true });
    await waitFor(s.actor, (x) => x.matches({ signedIn: { menu: "ready" } }));
    expect(s.calls.loadAuthorities).toBe(1);
    expect(s.persisted.at(-1)?.authorities).toEqual(["newOrder"]);
  });

  it("SHELL-112 the browser holds no session any more (refused): signed out, quietly", async () => {
    const s = startSession({
      resume: true,
      resumed: async () => {
        throw new ApiError("RTI", "Your session has ended, please sign in again", 401);
      },
    });
    const snap = await waitFor(s.actor, (x) => x.matches("signedOut"));
    expect(snap.context.notice).toBeNull();
    expect(s.emitted).toEqual([]);
    expect(s.forgotten()).toBe(1);
  });

  it("without the browser's session cookie nothing is asked", () => {
    const s = startSession({ resume: false });
    expect(s.actor.getSnapshot().value).toEqual({ signedOut: "idle" });
    expect(s.calls.resume).toBe(0);
  });

  it("SHELL-083 signed out in another tab: signed out here at once, the session forgotten, the guards re-run", () => {
    const s = startSession({ restored: restored() });
    s.actor.send({ type: "tab.signedOut" });
    const snap = s.actor.getSnapshot();
    expect(snap.value).toEqual({ signedOut: "idle" });
    expect(snap.context.session).toBeNull();
    expect(s.forgotten()).toBe(1);
    expect(s.emitted).toEqual(["sessionEnded"]);
    expect(s.calls.logout).toBe(0);
  });

  it("signed in in another tab: a signed-out tab joins the browser's session", async () => {
    const s = startSession();
    s.actor.send({ type: "tab.signedIn" });
    expect(s.actor.getSnapshot().value).toBe("resuming");
    await waitFor(s.actor, (x) => x.matches("signedIn"));
    expect(s.calls.resume).toBe(1);
  });
});

describe("session machine: login form", () => {
  it("SHELL-113 login refuses an empty username with a field error and does not call the server", () => {
    const s = startSession();
    fillLogin(s, "", "demo1234");
    s.actor.send({ type: "user.submitLogin" });
    const snap = s.actor.getSnapshot();
    expect(snap.value).toEqual({ signedOut: { loginOpen: "editing" } });
    expect(snap.context.fieldErrors).toEqual({ username: "required" });
    expect(s.calls.login).toHaveLength(0);
  });

  it("SHELL-113 a username of blanks counts as empty", () => {
    const s = startSession();
    fillLogin(s, "   ", "demo1234");
    s.actor.send({ type: "user.submitLogin" });
    expect(s.actor.getSnapshot().context.fieldErrors).toEqual({ username: "required" });
    expect(s.actor.getSnapshot().hasTag("pending")).toBe(false);
  });

  it("SHELL-113 SHELL-114 the username is checked before the password and the first failure stops", () => {
    const s = startSession();
    s.actor.send({ type: "user.openLogin" });
    s.actor.send({ type: "user.submitLogin" });
    expect(s.actor.getSnapshot().context.fieldErrors).toEqual({ username: "required" });
    expect(s.actor.getSnapshot().context.fieldErrors.password).toBeUndefined();
  });

  it("SHELL-114 login refuses an empty password with a field error once the username is given", () => {
    const s = startSession();
    fillLogin(s, "demo", "");
    s.actor.send({ type: "user.submitLogin" });
    const snap = s.actor.getSnapshot();
    expect(snap.value).toEqual({ signedOut: { loginOpen: "editing" } });
    expect(snap.context.fieldErrors).toEqual({ password: "required" });
    expect(s.calls.login).toHaveLength(0);
  });

  it("SHELL-113 editing the field clears its error", () => {
    const s = startSession();
    s.actor.send({ type: "user.openLogin" });
    s.actor.send({ type: "user.submitLogin" });
    s.actor.send({ type: "user.edit", field: "username", value: "d" });
    expect(s.actor.getSnapshot().context.fieldErrors.username).toBeUndefined();
  });

  it("SHELL-091 submitting (Enter) with both fields starts the login with the trimmed username", async () => {
    const gate = deferred<LoginOutput>();
    const s = startSession({ login: () => gate.promise });
    fillLogin(s, "  demo ", "demo1234", true);
    s.actor.send({ type: "user.submitLogin" });
    const snap = s.actor.getSnapshot();
    expect(snap.value).toEqual({ signedOut: { loginOpen: "submitting" } });
    expect(snap.hasTag("pending")).toBe(true);
    await flush();
    expect(s.calls.login).toEqual([{ username: "demo", password: "demo1234", remember: true }]);
    gate.resolve(loginOk());
    await waitFor(s.actor, (x) => x.matches("signedIn"));
  });

  it("SHELL-084 SHELL-085 a menu click while logged out opens the login modal with 'please log in first'", () => {
    const s = startSession();
    s.actor.send({ type: "user.openLogin", reason: "pleaseLogIn" });
    expect(s.actor.getSnapshot().value).toEqual({ signedOut: { loginOpen: "editing" } });
    expect(s.actor.getSnapshot().context.notice).toEqual({ key: "login.pleaseLogIn" });
  });

  it("SHELL-079 the user icon opens the login modal without the note; closing it clears the note and the password", () => {
    const s = startSession();
    s.actor.send({ type: "user.openLogin", reason: "pleaseLogIn" });
    s.actor.send({ type: "user.closeLogin" });
    s.actor.send({ type: "user.openLogin" });
    expect(s.actor.getSnapshot().context.notice).toBeNull();
    s.actor.send({ type: "user.edit", field: "username", value: "demo" });
    s.actor.send({ type: "user.edit", field: "password", value: "secret" });
    s.actor.send({ type: "user.closeLogin" });
    expect(s.actor.getSnapshot().value).toEqual({ signedOut: "idle" });
    expect(s.actor.getSnapshot().context.form).toEqual({ username: "demo", password: "", remember: false });
  });
});

describe("session machine: login answers", () => {
  it("SHELL-110 SHELL-109 code 0 signs in, closes the modal and persists the session with the remember flag", async () => {
    const s = startSession();
    fillLogin(s, "demo", "demo1234", true);
    s.actor.send({ type: "user.submitLogin" });
    const snap = await waitFor(s.actor, (x) => x.matches("signedIn"));
    expect(snap.value).toEqual({ signedIn: { token: "valid", menu: "ready", logout: "idle" } });
    const session = { tokens: TOKENS, username: "demo", authorities: ["newOrder", "billing"], remember: true };
    expect(snap.context.session).toEqual(session);
    expect(s.persisted).toEqual([session]);
    expect(snap.context.form).toEqual({ username: "", password: "", remember: false });
    expect(s.emitted).toEqual(["signedIn"]);
  });

  it("SHELL-109 without remember-me the persisted session says remember: false", async () => {
    const s = startSession();
    fillLogin(s, "demo", "demo1234");
    s.actor.send({ type: "user.submitLogin" });
    await waitFor(s.actor, (x) => x.matches("signedIn"));
    expect(s.persisted).toHaveLength(1);
    expect(s.persisted[0]!.remember).toBe(false);
  });

  it("SHELL-128 login success shows the server message", async () => {
    const s = startSession({ login: async () => loginOk("登录成功") });
    fillLogin(s, "demo", "demo1234");
    s.actor.send({ type: "user.submitLogin" });
    const snap = await waitFor(s.actor, (x) => x.matches("signedIn"));
    expect(snap.context.notice).toEqual({ key: "server", text: "登录成功" });
  });

  it("SHELL-128 login success without a server message shows 'login success'", async () => {
    const s = startSession({ login: async () => loginOk("") });
    fillLogin(s, "demo", "demo1234");
    s.actor.send({ type: "user.submitLogin" });
    const snap = await waitFor(s.actor, (x) => x.matches("signedIn"));
    expect(snap.context.notice).toEqual({ key: "login.success" });
  });

  it("SHELL-111 SHELL-126 a refused login keeps the modal open with the server message", async () => {
    const s = startSession({
      login: async () => {
        throw new ApiError(1001, "Wrong username or password", 200);
      },
    });
    fillLogin(s, "demo", "wrong");
    s.actor.send({ type: "user.submitLogin" });
    const snap = await waitFor(s.actor, (x) => x.context.loginError !== null);
    expect(snap.value).toEqual({ signedOut: { loginOpen: "editing" } });
    expect(snap.context.loginError).toEqual({ key: "server", text: "Wrong username or password" });
    expect(snap.context.session).toBeNull();
    expect(s.persisted).toHaveLength(0);
    expect(s.emitted).toEqual([]);
  });

  it("SHELL-111 SHELL-126 a refused login without a message shows 'login failed'", async () => {
    const s = startSession({
      login: async () => {
        throw new ApiError(1001, "");
      },
    });
    fillLogin(s, "demo", "wrong");
    s.actor.send({ type: "user.submitLogin" });
    const snap = await waitFor(s.actor, (x) => x.context.loginError !== null);
    expect(snap.value).toEqual({ signedOut: { loginOpen: "editing" } });
    expect(snap.context.loginError).toEqual({ key: "login.failed" });
  });

  it("SHELL-126 an unexpected failure (not an API answer) shows 'login failed'", async () => {
    const s = startSession({
      login: async () => {
        throw new TypeError("bad json");
      },
    });
    fillLogin(s, "demo", "demo1234");
    s.actor.send({ type: "user.submitLogin" });
    const snap = await waitFor(s.actor, (x) => x.context.loginError !== null);
    expect(snap.context.loginError).toEqual({ key: "login.failed" });
  });

  it("SHELL-127 a network failure shows 'login failed, please check network connection'", async () => {
    const s = startSession({
      login: async () => {
        throw new NetworkError("Failed to fetch");
      },
    });
    fillLogin(s, "demo", "demo1234");
    s.actor.send({ type: "user.submitLogin" });
    const snap = await waitFor(s.actor, (x) => x.context.loginError !== null);
    expect(snap.value).toEqual({ signedOut: { loginOpen: "editing" } });
    expect(snap.context.loginError).toEqual({ key: "login.networkFailed" });
  });

  it("SHELL-111 a retry after a failure clears the previous error while submitting", async () => {
    let attempt = 0;
    const second = deferred<LoginOutput>();
    const s = startSession({
      login: async () => {
        attempt++;
        if (attempt === 1) throw new ApiError(1001, "Wrong username or password");
        return second.promise;
      },
    });
    fillLogin(s, "demo", "demo1234");
    s.actor.send({ type: "user.submitLogin" });
    await waitFor(s.actor, (x) => x.context.loginError !== null);
    s.actor.send({ type: "user.submitLogin" });
    expect(s.actor.getSnapshot().context.loginError).toBeNull();
    expect(s.actor.getSnapshot().hasTag("pending")).toBe(true);
    second.resolve(loginOk());
    await waitFor(s.actor, (x) => x.matches("signedIn"));
  });
});

describe("session machine: token refresh", () => {
  it("SHELL-129 SHELL-130 three expiries start exactly one refresh; the new tokens are stored", async () => {
    const gate = deferred<Tokens>();
    const s = startSession({ restored: restored(), refresh: () => gate.promise });
    s.actor.send({ type: "api.tokenExpired" });
    s.actor.send({ type: "api.tokenExpired" });
    s.actor.send({ type: "api.tokenExpired" });
    expect(s.actor.getSnapshot().matches({ signedIn: { token: "refreshing" } })).toBe(true);
    expect(s.actor.getSnapshot().hasTag("pending")).toBe(true);
    await flush();
    expect(s.calls.refresh).toEqual([{ username: "demo" }]);
    gate.resolve(NEW_TOKENS);
    const snap = await waitFor(s.actor, (x) => x.matches({ signedIn: { token: "valid" } }));
    expect(snap.context.session?.tokens).toEqual(NEW_TOKENS);
    expect(s.persisted.at(-1)).toEqual({ ...restored(), tokens: NEW_TOKENS });
    expect(s.calls.refresh).toHaveLength(1);
  });

  it("SHELL-129 a later expiry refreshes again (the browser's rotated cookie goes along)", async () => {
    const s = startSession({ restored: restored() });
    s.actor.send({ type: "api.tokenExpired" });
    await waitFor(s.actor, (x) => x.context.session?.tokens.token === "access-2");
    s.actor.send({ type: "api.tokenExpired" });
    await waitFor(s.actor, (x) => x.matches({ signedIn: { token: "valid" } }) && s.calls.refresh.length === 2);
    expect(s.calls.refresh).toEqual([{ username: "demo" }, { username: "demo" }]);
  });

  it.each([
    ["SHELL-131", "RTE", "Your session has expired, please sign in again"],
    ["SHELL-132", "ATI", "You are not signed in, or your session has ended"],
    ["SHELL-133", "RTI", "Your session has ended, please sign in again"],
  ])(
    "%s a refresh answered %s logs the user out, forgets the session and emits sessionEnded",
    async (_id, code, message) => {
      const s = startSession({
        restored: restored(),
        refresh: async () => {
          throw new ApiError(code, message, 401);
        },
      });
      const ended: unknown[] = [];
      s.actor.on("sessionEnded", (e) => ended.push(e));
      s.actor.send({ type: "api.tokenExpired" });
      const snap = await waitFor(s.actor, (x) => x.matches("signedOut"));
      expect(snap.value).toEqual({ signedOut: "idle" });
      expect(snap.context.session).toBeNull();
      expect(snap.context.notice).toEqual({ key: "server", text: message });
      expect(s.forgotten()).toBe(1);
      expect(ended).toEqual([{ type: "sessionEnded" }]);
    },
  );

  it("SHELL-131 SHELL-132 SHELL-133 exactly the codes RTE, ATI and RTI end the session", () => {
    expect([...SESSION_ENDING_CODES].sort()).toEqual(["ATI", "RTE", "RTI"]);
  });

  it("SHELL-134 a refresh answered with HTTP 401 (any code) logs the user out", async () => {
    const s = startSession({
      restored: restored(),
      refresh: async () => {
        throw new ApiError(401, "Unauthorized", 401);
      },
    });
    s.actor.send({ type: "api.tokenExpired" });
    const snap = await waitFor(s.actor, (x) => x.matches("signedOut"));
    expect(snap.context.notice).toEqual({ key: "server", text: "Unauthorized" });
    expect(s.emitted).toEqual(["sessionEnded"]);
  });

  it("SHELL-129 a refresh failing with a network error keeps the user signed in with the old tokens", async () => {
    const s = startSession({
      restored: restored(),
      refresh: async () => {
        throw new NetworkError("Failed to fetch");
      },
    });
    s.actor.send({ type: "api.tokenExpired" });
    await waitFor(s.actor, () => s.calls.refresh.length === 1);
    const snap = await waitFor(s.actor, (x) => x.matches({ signedIn: { token: "valid" } }));
    expect(snap.context.session?.tokens).toEqual(TOKENS);
    expect(s.forgotten()).toBe(0);
    expect(s.emitted).toEqual([]);
  });

  it("a refresh failing with a server error (500, not a token code) keeps the user signed in", async () => {
    const s = startSession({
      restored: restored(),
      refresh: async () => {
        throw new ApiError(500, "Something went wrong", 500);
      },
    });
    s.actor.send({ type: "api.tokenExpired" });
    await waitFor(s.actor, () => s.calls.refresh.length === 1);
    const snap = await waitFor(s.actor, (x) => x.matches({ signedIn: { token: "valid" } }));
    expect(snap.context.session).not.toBeNull();
    expect(s.emitted).toEqual([]);
  });

  it("SHELL-134 the transport's sessionEnded logs the user out with the server message", () => {
    const s = startSession({ restored: restored() });
    s.actor.send({ type: "api.sessionEnded", message: "登录已失效，请重新登录" });
    const snap = s.actor.getSnapshot();
    expect(snap.value).toEqual({ signedOut: "idle" });
    expect(snap.context.notice).toEqual({ key: "server", text: "登录已失效，请重新登录" });
    expect(snap.context.session).toBeNull();
    expect(s.forgotten()).toBe(1);
    expect(s.emitted).toEqual(["sessionEnded"]);
  });

  it("SHELL-134 sessionEnded while logged out changes nothing", () => {
    const s = startSession();
    s.actor.send({ type: "api.sessionEnded", message: "ended" });
    expect(s.actor.getSnapshot().context.notice).toBeNull();
    expect(s.emitted).toEqual([]);
  });

  it("the notice can be dismissed", () => {
    const s = startSession({ restored: restored() });
    s.actor.send({ type: "api.sessionEnded", message: "ended" });
    s.actor.send({ type: "user.dismissNotice" });
    expect(s.actor.getSnapshot().context.notice).toBeNull();
  });
});

describe("session machine: logout", () => {
  it("SHELL-081 Log Out asks for confirmation; cancel returns to idle without calling the server", async () => {
    const s = startSession({ restored: restored() });
    s.actor.send({ type: "user.requestLogout" });
    expect(s.actor.getSnapshot().matches({ signedIn: { logout: "confirming" } })).toBe(true);
    s.actor.send({ type: "user.cancelLogout" });
    expect(s.actor.getSnapshot().matches({ signedIn: { logout: "idle" } })).toBe(true);
    await flush();
    expect(s.calls.logout).toBe(0);
  });

  it("SHELL-081 SHELL-083 SHELL-121 confirming logs out, forgets the stored session and emits loggedOut", async () => {
    const gate = deferred<void>();
    const s = startSession({ restored: restored(), logout: () => gate.promise });
    const loggedOut: unknown[] = [];
    s.actor.on("loggedOut", (e) => loggedOut.push(e));
    s.actor.send({ type: "user.requestLogout" });
    s.actor.send({ type: "user.confirmLogout" });
    expect(s.actor.getSnapshot().matches({ signedIn: { logout: "loggingOut" } })).toBe(true);
    expect(s.actor.getSnapshot().hasTag("pending")).toBe(true);
    await flush();
    expect(s.calls.logout).toBe(1);
    gate.resolve();
    const snap = await waitFor(s.actor, (x) => x.matches("signedOut"));
    expect(snap.value).toEqual({ signedOut: "idle" });
    expect(snap.context.session).toBeNull();
    expect(snap.context.notice).toBeNull();
    expect(s.forgotten()).toBe(1);
    expect(loggedOut).toEqual([{ type: "loggedOut" }]);
  });

  it("SHELL-083 the session is forgotten even when the logout call fails", async () => {
    const s = startSession({
      restored: restored(),
      logout: async () => {
        throw new NetworkError();
      },
    });
    s.actor.send({ type: "user.requestLogout" });
    s.actor.send({ type: "user.confirmLogout" });
    const snap = await waitFor(s.actor, (x) => x.matches("signedOut"));
    expect(snap.context.session).toBeNull();
    expect(s.forgotten()).toBe(1);
    expect(s.emitted).toEqual(["loggedOut"]);
  });
});

describe("session machine: menu authorities", () => {
  it("SHELL-119 a session without authorities loads them and persists them", async () => {
    const gate = deferred<string[]>();
    const s = startSession({ restored: restored(null), loadAuthorities: () => gate.promise });
    expect(s.actor.getSnapshot().matches({ signedIn: { menu: "loading" } })).toBe(true);
    await flush();
    expect(s.calls.loadAuthorities).toBe(1);
    gate.resolve(["newOrder", "shipment"]);
    const snap = await waitFor(s.actor, (x) => x.matches({ signedIn: { menu: "ready" } }));
    expect(snap.context.session?.authorities).toEqual(["newOrder", "shipment"]);
    expect(s.persisted).toEqual([{ ...restored(null), authorities: ["newOrder", "shipment"] }]);
  });

  it("SHELL-119 a failed authority load leaves the menu ready without authorities", async () => {
    const s = startSession({
      restored: restored(null),
      loadAuthorities: async () => {
        throw new NetworkError();
      },
    });
    const snap = await waitFor(s.actor, (x) => x.matches({ signedIn: { menu: "ready" } }));
    expect(snap.context.session?.authorities).toBeNull();
    expect(s.persisted).toEqual([]);
  });

  it("SHELL-122 after a login the authorities come with the login and are not loaded again", async () => {
    const s = startSession();
    fillLogin(s, "demo", "demo1234");
    s.actor.send({ type: "user.submitLogin" });
    await waitFor(s.actor, (x) => x.matches({ signedIn: { menu: "ready" } }));
    await flush();
    expect(s.calls.loadAuthorities).toBe(0);
  });
});
