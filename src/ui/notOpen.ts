/**
 * A route the signed-in account holds no right to (a menu authority it lacks: a sub-account's shipments,
 * the flows): thrown by the route's guard (src/routes/_auth/-menuAuthority.ts) and shown by the route's
 * error view as a page not open to the account, which says why and leads home, where the account was once
 * sent without a word. A class of its own, apart from the error view, so the guard, in the app's first
 * chunk, does not bring the view (loaded when needed) with it.
 */
export class NotOpenToAccount extends Error {
  constructor(readonly authority: string) {
    super(`This account does not hold the "${authority}" menu authority.`);
    this.name = "NotOpenToAccount";
  }
}
