import type { JSX } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { FLOWS, type FlowEntry, type FlowGroup } from "./catalog.ts";
import { coverageGaps, coverageOf } from "./coverage.ts";
import { extractMachineGraph } from "./machineGraph.ts";
import { langOf } from "./lang.ts";

/** `/flows`: the table of contents, every flow of the product by its area with a short description. */
export function FlowsIndex(): JSX.Element {
  const { t, i18n } = useLingui();
  const lang = langOf(i18n.locale);
  const groups: Array<[FlowGroup, string]> = [
    ["orders", t`Order entry`],
    ["cart", t`Cart and payment`],
    ["shell", t`Session and tools`],
    ["shared", t`Shared actors`],
    ["planned", t`Still to come`],
  ];
  return (
    <main className="mx-auto w-[1380px] space-y-8 py-10">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold text-brand">
          <Trans>Flows</Trans>
        </h1>
        <p className="max-w-3xl text-slate-700">
          <Trans>
            Every flow of the portal drawn from its own machine: open one to read its states, the rules its arrows
            check, and to play it in the simulator.
          </Trans>
        </p>
      </header>
      <nav aria-label={t`Flows`} className="grid grid-cols-2 gap-6">
        {groups.map(([group, name]) => (
          <section key={group} className="rounded-lg border border-slate-300 bg-white p-4">
            <h2 className="mb-2 text-lg font-semibold text-slate-900">{name}</h2>
            <ul className="m-0 list-none space-y-2 p-0">
              {FLOWS.filter((f) => f.group === group).map((flow) => (
                <li key={flow.id}>
                  {flow.machine ? (
                    <Link
                      to="/flows/$machine"
                      params={{ machine: flow.id }}
                      className="font-medium text-blue-800 underline"
                    >
                      {flow.title[lang]}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-800">{flow.title[lang]}</span>
                  )}
                  <span className="ml-2 font-mono text-xs text-slate-600">{flow.id}</span>
                  <CoverageGaps flow={flow} />
                  <p className="m-0 text-sm text-slate-700">{flow.description[lang]}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    </main>
  );
}

/** A card machine's gaps at a glance: what no test walks (the flow's page colours them red). */
function CoverageGaps({ flow }: { flow: FlowEntry }): JSX.Element | null {
  const coverage = coverageOf(flow.id);
  if (!flow.machine || !coverage) return null;
  const gaps = coverageGaps(extractMachineGraph(flow.machine), coverage);
  const transitions = gaps.transitions;
  const states = gaps.states;
  return transitions === 0 && states === 0 ? (
    <span data-testid="coverage-gaps" className="ml-2 rounded bg-green-100 px-1.5 text-xs font-semibold text-green-900">
      <Trans>every state and transition walked by a test</Trans>
    </span>
  ) : (
    <span data-testid="coverage-gaps" className="ml-2 rounded bg-red-100 px-1.5 text-xs font-semibold text-red-900">
      <Trans>
        no test walks: {transitions} transitions, {states} states
      </Trans>
    </span>
  );
}
