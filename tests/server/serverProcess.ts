import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { ensureServerBuilt } from "../../scripts/build-server.mjs";

/**
 * The real server as an operator starts it, in a child process: the compiled server (dist-server/main.js,
 * what `npm start` runs; built first when its sources changed), not `tsx`, which would compile every
 * source again at each start. For the tests of what only separate processes show: a kill -9, a second
 * writer on one data directory, several processes on one PostgreSQL. Every process a file starts is
 * killed after the file's tests.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  started.length = 0;
});

/**
 * The time a test of processes may take before it counts as hung: each process migrates or checks its
 * database at start, and on a loaded machine several starts take minutes. Only a hang should fail it.
 */
export const PROCESS_TEST_TIMEOUT = 900_000;

/** A free TCP port on the loopback interface. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** How a process ended, once it has. */
export const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Resolves when the server says it is ready (its banner); rejects, with its output, if it exits first. */
  ready: Promise<void>;
  /** Everything it wrote, stdout and stderr. */
  output: () => string;
}

/**
 * Starts the compiled server with `env` over the tests' defaults (loopback, a free port, no static files,
 * quiet logs, the production simulator still, fast password hashes). `ready` is not awaited here: a
 * process expected to be refused is awaited through `exited` instead.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  await ensureServerBuilt();
  const port = await freePort();
  const child = spawn(process.execPath, [`${root}dist-server/main.js`], {
    cwd: root,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      STATIC_DIR: "/nonexistent",
      LOG_LEVEL: "warn",
      PASSWORD_SCRYPT_LOG2_N: "14",
      PRODUCTION_STEP_SECONDS: "0",
      TEST_HOOKS: "",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  const ready = new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Tailoring portal:")) resolve();
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  // Awaited only for the processes expected to start.
  ready.catch(() => undefined);
  return { child, url: `http://127.0.0.1:${port}`, ready, output: () => output };
}
