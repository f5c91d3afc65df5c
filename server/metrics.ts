import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Issue 21: the metrics in Prometheus' text format (`GET /metrics`, server/plugins/ops.ts), from prom-client.
 * One registry per process, its series labelled by `process` (the pid). Separate processes behind a load
 * balancer are scraped each. The workers of `WORKERS=n` share one port, so a scrape reaches any one of
 * them: a worker answers the figures of every worker, gathered by the primary (`clusterMetricsText`,
 * prom-client's AggregatorRegistry over the cluster's IPC channel; `serveClusterMetrics` in the primary).
 */
export const metrics = new Registry();
metrics.setDefaultLabels({ process: String(process.pid) });
collectDefaultMetrics({ register: metrics });
// A worker's figures, as the primary's AggregatorRegistry asks them of each worker: prom-client starts
// answering those requests when a worker makes an AggregatorRegistry of its own.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([metrics]);
  new AggregatorRegistry();
}

const CLUSTER_METRICS = "mtm:clusterMetrics";
interface ClusterMetricsMessage {
  type: typeof CLUSTER_METRICS;
  id: string;
  text?: string;
  error?: string;
}
const isClusterMetrics = (message: unknown): message is ClusterMetricsMessage =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === CLUSTER_METRICS;

/** The primary of `WORKERS=n` answers a worker's request for the figures of every worker. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: unknown) => {
    if (!isClusterMetrics(message)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: CLUSTER_METRICS, id: message.id, text }),
      (error: unknown) => worker.send({ type: CLUSTER_METRICS, id: message.id, error: String(error) }),
    );
  });
}

/** What `GET /metrics` answers: this process's figures, or in a worker of `WORKERS=n` every worker's. */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return metrics.metrics();
  const id = randomUUID();
  return new Promise<string>((resolve) => {
    const answer = (message: unknown) => {
      if (!isClusterMetrics(message) || message.id !== id) return;
      process.off("message", answer);
      clearTimeout(timer);
      // The primary could not gather them (a worker that does not answer): this worker's own figures.
      if (message.text === undefined) resolve(metrics.metrics());
      else resolve(message.text);
    };
    const timer = setTimeout(() => {
      process.off("message", answer);
      resolve(metrics.metrics());
    }, 10_000);
    process.on("message", answer);
    process.send!({ type: CLUSTER_METRICS, id });
  });
}

/** Time to answer, per route (the route's pattern, never the raw URL), method and status. */
export const requestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from receiving a request to sending its answer, per route",
  labelNames: ["method", "route", "status_code"] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metrics],
});

/**
 * Ledger transfers asked for, by kind and outcome (`ok`, `replayed`, or the refusal's reason). Counted when the
 * transfer answers, inside the transaction of its cause: a transaction rolled back afterwards is still counted.
 */
export const ledgerTransfers = new Counter({
  name: "ledger_transfers_total",
  help: "Ledger transfers by kind and outcome (ok, replayed, or the refusal's reason)",
  labelNames: ["kind", "outcome"] as const,
  registers: [metrics],
});

/** The submission queue's calls (pushOrder, CART-046), by outcome: paid, pending (balance short), refused. */
export const submitOutcomes = new Counter({
  name: "order_submit_queue_outcomes_total",
  help: "Orders submitted through the submission queue, by outcome (paid, insufficient, not_submittable)",
  labelNames: ["outcome"] as const,
  registers: [metrics],
});
