// Types of scripts/build-server.mjs for the TypeScript that imports it (the benchmarks).
export const root: string;
export const outdir: string;
export function inputsFingerprint(inputs: readonly string[]): string;
export function stampOf(path: string): string;
export function ensureServerBuilt(): Promise<void>;
export function buildServer(buildId?: string): Promise<void>;
