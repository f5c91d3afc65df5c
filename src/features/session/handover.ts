import type { SignedInSession } from "../../../machines/session/session.machine.ts";

type Tokens = SignedInSession["tokens"];

/** One rotation: the tokens that replaced a spent refresh token (the record's key). */
interface Rotation {
  username: string;
  tokens: Tokens;
  at: number;
}

const DB_NAME = "mtm-session";
const STORE = "rotations";
/** Rotations older than the longest refresh-token lifetime (30 days) cannot be followed anyway. */
const KEEP_MS = 31 * 24 * 3600 * 1000;
/** A chain longer than this is not followed (a corrupt store must not loop). */
const MAX_STEPS = 64;

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

function openDb(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return settle(request);
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB transaction failed"));
    transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
  });
}

async function withDb<T>(work: (db: IDBDatabase) => Promise<T>, fallback: T): Promise<T> {
  if (typeof indexedDB === "undefined") return fallback;
  try {
    const db = await openDb();
    try {
      return await work(db);
    } finally {
      db.close();
    }
  } catch {
    return fallback;
  }
}

/**
 * Issue 9 §4, the hand-over between tabs. Local storage is not enough for it: Chromium gives each tab's
 * process its own copy of local storage and sends a write to the other tabs' copies asynchronously, so a tab
 * that takes the refresh lock the moment another tab released it can still read the old refresh token there,
 * spend it again, and the server then revokes the session of both tabs as a reused token. IndexedDB is one
 * store for every tab of the origin: a rotation written (committed) before the lock is released is read by
 * whichever tab takes the lock next.
 *
 * The tokens that now stand for `refreshToken` after every rotation other tabs made since (following the chain
 * of rotations), or null when nobody rotated it (or IndexedDB is unavailable).
 */
export function rotatedSince(refreshToken: string, username: string): Promise<Tokens | null> {
  return withDb(async (db) => {
    const store = db.transaction(STORE, "readonly").objectStore(STORE);
    let found: Tokens | null = null;
    let spent = refreshToken;
    for (let step = 0; step < MAX_STEPS; step++) {
      const rotation = (await settle(store.get(spent))) as Rotation | undefined;
      if (!rotation || rotation.username !== username) break;
      found = rotation.tokens;
      spent = rotation.tokens.refreshToken;
    }
    return found;
  }, null);
}

/** Records a rotation (committed when this resolves), and forgets rotations too old to matter. */
export function recordRotation(spent: string, username: string, tokens: Tokens): Promise<void> {
  return withDb(async (db) => {
    const transaction = db.transaction(STORE, "readwrite");
    const store = transaction.objectStore(STORE);
    const now = Date.now();
    store.put({ username, tokens, at: now } satisfies Rotation, spent);
    const cursors = store.openCursor();
    cursors.onsuccess = () => {
      const cursor = cursors.result;
      if (!cursor) return;
      if ((cursor.value as Rotation).at < now - KEEP_MS) cursor.delete();
      cursor.continue();
    };
    await done(transaction);
  }, undefined);
}

/** Signing out forgets every rotation (their tokens end with the session). */
export function forgetRotations(): void {
  void withDb(async (db) => {
    const transaction = db.transaction(STORE, "readwrite");
    transaction.objectStore(STORE).clear();
    await done(transaction);
  }, undefined);
}
