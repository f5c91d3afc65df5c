import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deviceCookieName } from "../../server/modules/session/trustedDevice.ts";
import { envelopeOf, expectErrorEnvelope, startServer, type TestServer } from "./fixture.ts";

/**
 * Sign-in throttling under parallel guesses (issue 9 §1) and the trusted-device cookie, on the default
 * limits: 5 failures per account, 20 per address, in a 15-minute window.
 */
const PER_ACCOUNT = 5;
const PER_ADDRESS = 20;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
    LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
  });
});
afterAll(async () => {
  await server?.close();
});

/** A sign-in with the browser's cookies (a `Cookie` header), from one address. */
function signIn(username: string, password: string, remoteAddress: string, cookie?: string) {
  return server.app.inject({
    method: "POST",
    url: "/api/memberLogin",
    query: { username, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
}

/** How many answers were checked passwords (code 1001 or a success) and how many were refused unchecked (429). */
function tally(responses: LightMyRequestResponse[]) {
  const wrong = responses.filter((r) => r.statusCode === 200 && envelopeOf(r).code === 1001).length;
  const signedIn = responses.filter((r) => r.statusCode === 200 && envelopeOf(r).code === 0).length;
  const refused = responses.filter((r) => r.statusCode === 429).length;
  return { wrong, signedIn, refused, other: responses.length - wrong - signedIn - refused };
}

/** The trusted-device cookie a successful sign-in sets, as `name=value` for the next request. */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name.startsWith("mtm_device_"));
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(res.headers["set-cookie"])}`);
  return `${cookie.name}=${cookie.value}`;
}

describe("parallel guesses", () => {
  it("SHELL-111 200 parallel wrong guesses on one account: exactly LOGIN_MAX_FAILURES_PER_ACCOUNT are checked, the other 195 answer 429, and then the right password is refused too", async () => {
    const guesses = Array.from({ length: 200 }, (_, i) =>
      signIn("demo-sub2", `wrong-${i}`, `10.20.${i >> 8}.${i & 255}`),
    );
    const counts = tally(await Promise.all(guesses));
    expect(counts).toEqual({ wrong: PER_ACCOUNT, signedIn: 0, refused: 200 - PER_ACCOUNT, other: 0 });
    const locked = await signIn("demo-sub2", "demo1234", "10.21.0.1");
    expect(expectErrorEnvelope(locked, 429).message).toMatch(/^Too many failed sign-ins\. Try again in \d+ min\.$/);
  });

  it("SHELL-111 200 parallel guesses from one address on 200 names: exactly LOGIN_MAX_FAILURES_PER_ADDRESS are checked, the rest answer 429", async () => {
    const guesses = Array.from({ length: 200 }, (_, i) => signIn(`ghost-${i}`, "guess", "10.30.0.1"));
    const counts = tally(await Promise.all(guesses));
    expect(counts).toEqual({ wrong: PER_ADDRESS, signedIn: 0, refused: 200 - PER_ADDRESS, other: 0 });
    // The address is locked, even for a right password; the names refused by the address were not counted
    // against their accounts (each can still be tried from elsewhere).
    expect((await signIn("demo-sub1", "demo1234", "10.30.0.1")).statusCode).toBe(429);
    expect(envelopeOf(await signIn("ghost-199", "guess", "10.31.0.1")).code).toBe(1001);
  });
});

describe("trusted device", () => {
  it("SHELL-111 a successful sign-in sets an httpOnly, SameSite=Strict device cookie for the sign-in call only", async () => {
    const res = await signIn("acme", "acme1234", "10.50.0.1");
    expect(envelopeOf(res).code).toBe(0);
    const cookie = res.cookies.find((c) => c.name.startsWith("mtm_device_"));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/memberLogin" });
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(cookie!.maxAge).toBe(90 * 24 * 3600);
  });

  it("SHELL-111 an attacker's guesses lock the account for others, not for the browser its owner signed in from; that browser still needs the password and has its own limit", async () => {
    const owner = deviceCookieOf(await signIn("demo", "demo1234", "10.60.0.1"));
    // Someone who knows the name locks the account.
    const attack = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn("demo", `wrong-${i}`, `10.61.0.${i}`)),
    );
    expect(tally(attack).wrong).toBe(PER_ACCOUNT);
    expect((await signIn("demo", "demo1234", "10.62.0.1")).statusCode).toBe(429);
    // The owner's browser signs in, from the same address as before or another one.
    const back = await signIn("demo", "demo1234", "10.60.0.1", owner);
    expect(back.statusCode).toBe(200);
    expect(envelopeOf(back).code).toBe(0);
    expect(envelopeOf(await signIn("demo", "demo1234", "10.63.0.1", owner)).code).toBe(0);
    // Still for others: the owner's sign-in did not unlock the account.
    expect((await signIn("demo", "demo1234", "10.62.0.2")).statusCode).toBe(429);
    // The password is still checked, and the device has its own budget of guesses.
    const deviceGuesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn("demo", `still-wrong-${i}`, `10.64.0.${i}`, owner)),
    );
    expect(tally(deviceGuesses)).toEqual({ wrong: PER_ACCOUNT, signedIn: 0, refused: 20 - PER_ACCOUNT, other: 0 });
    expect((await signIn("demo", "demo1234", "10.64.1.1", owner)).statusCode).toBe(429);
  });

  it("SHELL-111 a made-up cookie, or another account's device cookie, does not pass the lock", async () => {
    const other = deviceCookieOf(await signIn("demo-sub1", "demo1234", "10.70.0.1")).split("=")[1]!;
    await Promise.all(Array.from({ length: 10 }, (_, i) => signIn("acme", `wrong-${i}`, `10.71.0.${i}`)));
    expect((await signIn("acme", "acme1234", "10.72.0.1")).statusCode).toBe(429);
    for (const value of [other, "x".repeat(43)]) {
      const res = await signIn("acme", "acme1234", "10.72.0.2", `${deviceCookieName("acme")}=${value}`);
      expect(expectErrorEnvelope(res, 429).code).toBe(429);
    }
  });
});
