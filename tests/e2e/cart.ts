/**
 * What the cart's browser tests share: orders made through the real API with the page's own token,
 * the selection and the balance set through the real server (TEST_HOOKS), and the held pushOrder
 * requests that let a test watch the queue one order at a time (the server still answers each one).
 */
import type { Page, Request, Route } from "@playwright/test";
import { expect, pageAccessToken, startSignedIn } from "./fixtures.ts";

export interface Envelope<T> {
  code: number | string;
  message: string;
  data: T;
  total?: number;
}

type Method = "GET" | "POST" | "DELETE";

/** A call with the page's own token; the envelope as the server answered it. */
export async function call<T>(
  page: Page,
  method: Method,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  const token = await pageAccessToken(page);
  return page.evaluate(
    async ({ method, url, body, headers, token }) => {
      const response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { method, url, body, headers, token },
  ) as Promise<Envelope<T>>;
}

export async function ok<T>(page: Page, method: Method, url: string, body?: unknown): Promise<T> {
  const envelope = await call<T>(page, method, url, body);
  expect(envelope.code, envelope.message).toBe(0);
  return envelope.data;
}

export async function signIn(page: Page, username: string) {
  // Not a test of signing in: the API sign-in, then the home page.
  await startSignedIn(page, "/", { username, password: username === "acme" ? "acme1234" : "demo1234" });
}

let accounts = 0;
/**
 * Signs in as a fresh main account (TEST_HOOKS: every menu, no orders, no balance), so the test's
 * cart, selection and money are its own: the shared demo accounts' balances other specs count on
 * are never touched. With `balanceCents` the account is topped up to that balance first.
 */
export async function signInFresh(page: Page, balanceCents = 0): Promise<string> {
  const username = `cart-${process.pid}-${Date.now().toString(36)}-${++accounts}`;
  const created = await page.request.post("/api/__test/member", { data: { username } });
  expect(created.status(), await created.text()).toBe(200);
  await signIn(page, username);
  if (balanceCents > 0) await topUpTo(page, balanceCents);
  return username;
}

let families = 0;
/**
 * A fresh main account and its fresh sub-account (TEST_HOOKS, password demo1234, no balance), so a test's
 * orders and money between the two are its own.
 */
export async function freshFamily(page: Page): Promise<{ main: string; child: string }> {
  const stamp = `${process.pid}-${Date.now().toString(36)}-${++families}`;
  const main = `acct-${stamp}`;
  const child = `acct-${stamp}-c`;
  const created = await page.request.post("/api/__test/member", { data: { username: main } });
  expect(created.status(), await created.text()).toBe(200);
  const { data } = (await created.json()) as { data: { id: number } };
  const sub = await page.request.post("/api/__test/member", { data: { username: child, parentId: data.id } });
  expect(sub.status(), await sub.text()).toBe(200);
  return { main, child };
}

export interface MadeOrder {
  orderId: string;
  orderCode: string;
  price: string;
  priceCents: number;
}

export const toCents = (price: string) => Math.round(Number(price) * 100);

/** Saves `count` shirts to the cart through saveOrder (a real draft: the category's default sizes). */
export async function makeOrders(page: Page, count: number, customer = "Cart Test"): Promise<MadeOrder[]> {
  const parts = await ok<Array<{ id: number; defaultValue: number }>>(
    page,
    "GET",
    "/api/pc/dict/measureInfo?category=1000&measureType=10052",
  );
  const draft = {
    clothCategory: 1000,
    fabric: "RC1006",
    customerName: customer,
    shortName: customer.slice(0, 10),
    genderId: 10041,
    height: 168,
    weight: 58,
    detailList: [
      {
        clothCategory: 1000,
        craftList: [],
        embList: [],
        sizeList: parts.map((p) => ({ partId: p.id, partValue: p.defaultValue, modifyValue: 0 })),
      },
    ],
  };
  const made: MadeOrder[] = [];
  for (let i = 0; i < count; i++) {
    const saved = await ok<{ orderId: string; orderCode: string; price: string }>(
      page,
      "POST",
      "/api/pc/order/saveOrder",
      draft,
    );
    made.push({ ...saved, priceCents: toCents(saved.price) });
  }
  return made;
}

export const balance = (page: Page) => ok<number>(page, "GET", "/api/__test/balance");

/** Tops the signed-in account up to exactly `cents` (it must hold less). */
export async function topUpTo(page: Page, cents: number) {
  const now = await balance(page);
  expect(now, "the account already holds more than the test needs").toBeLessThanOrEqual(cents);
  if (now < cents) await ok(page, "POST", "/api/__test/topUp", { amountCents: cents - now });
  expect(await balance(page)).toBe(cents);
}

/**
 * Holds every pushOrder request until the test lets it go (`release`): the real server answers it
 * then. `held` is what waits now; `sent` every request that reached the page's network.
 */
export async function holdPushOrders(page: Page) {
  const held: Route[] = [];
  const sent: Request[] = [];
  await page.route("**/api/pc/order/pushOrder**", (route) => {
    sent.push(route.request());
    held.push(route);
  });
  return {
    held,
    sent,
    /** Waits until exactly `count` requests are held (CART-026: never more than one). */
    async waitHeld(count: number) {
      await expect.poll(() => held.length).toBe(count);
    },
    async release() {
      const route = held.shift();
      if (!route) throw new Error("no pushOrder is held");
      await route.continue();
    },
    orderOf: (request: Request) => new URL(request.url()).searchParams.get("orderIds")?.replace(/,$/, ""),
    keyOf: (request: Request) => request.headers()["idempotency-key"],
  };
}
