import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Issue 21: the process's metrics in Prometheus' text format (`GET /metrics`, server/plugins/ops.ts), from
 * prom-client. One registry per process: every server process answers its own figures (with several processes,
 * Prometheus scrapes each, as behind any load balancer; `process` labels them by pid).
 */
export const metrics = new Registry();
metrics.setDefaultLabels({ process: String(process.pid) });
collectDefaultMetrics({ register: metrics });

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
