/**
 * Writes flowbook/index.html from what tests/flowbook/flowbook.spec.ts recorded in flowbook/<machine>/:
 * for each machine its picture, then each tour as a storyboard (the step, its events, the state after
 * it and the screen at 1440 × 900). A static page: open flowbook/index.html in a browser.
 *
 *   npm run flowbook    # the Chromium tours, then this
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FLOWS } from "../../src/features/flows/catalog.ts";

const BOOK = fileURLToPath(new URL("../../flowbook/", import.meta.url));
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

interface Tour {
  title: string;
  frames: Array<{ step: string; events: string[]; state: string; shot: string }>;
}

const machines = FLOWS.filter((f) => existsSync(`${BOOK}${f.id}`));
const sections = machines.map((flow) => {
  const dir = `${BOOK}${flow.id}`;
  const svg = existsSync(`${dir}/picture.svg`) ? readFileSync(`${dir}/picture.svg`, "utf8") : "";
  const tours = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(`${dir}/${f}`, "utf8")) as Tour);
  const boards = tours.map(
    (tour, n) => `
    <section class="tour" id="${flow.id}-tour-${String(n + 1)}">
      <h3>${esc(tour.title)} <small>(${String(tour.frames.length)} frames)</small></h3>
      <ol class="frames">${tour.frames
        .map(
          (f) => `
        <li><figure>
          <figcaption><b>${esc(f.step)}</b>${f.events.length ? ` <code>${esc(f.events.join(" → "))}</code>` : ""}<br>state: <code>${esc(f.state)}</code></figcaption>
          <a href="${flow.id}/${f.shot}"><img src="${flow.id}/${f.shot}" alt="${esc(`${f.step}: ${f.state}`)}" loading="lazy" width="720" height="450"></a>
        </figure></li>`,
        )
        .join("")}
      </ol>
    </section>`,
  );
  return {
    flow,
    tours,
    html: `
  <section class="machine" id="${flow.id}">
    <h2>${esc(flow.title.en)} <small>${esc(flow.title.zh)} · <code>${flow.id}</code></small></h2>
    <p>${esc(flow.description.en)}</p>
    <div class="picture">${svg}</div>
    ${boards.join("")}
  </section>`,
  };
});

const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Flow book</title>
<style>
 body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #0f172a; }
 nav li { margin: 2px 0; } .picture { overflow: auto; max-height: 80vh; border: 1px solid #cbd5e1; margin: 12px 0; }
 .frames { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(2, 720px); gap: 16px; }
 figure { margin: 0; } figcaption { min-height: 3em; margin-bottom: 4px; } img { border: 1px solid #cbd5e1; width: 720px; height: auto; }
 code { background: #f1f5f9; padding: 0 3px; } small { color: #475569; font-weight: normal; }
</style></head><body>
<h1>Flow book</h1>
<p>Made ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by <code>npm run flowbook</code>: each flow's picture, then its Chromium tours, a frame per step (the step, the machine's events, the state after it, the screen at 1440 × 900).</p>
<nav><ul>${sections
  .map(
    (s) =>
      `<li><a href="#${s.flow.id}">${esc(s.flow.title.en)}</a>: ${s.tours.map((t, n) => `<a href="#${s.flow.id}-tour-${String(n + 1)}">${String(n + 1)}</a>`).join(" ")}</li>`,
  )
  .join("")}</ul></nav>
${sections.map((s) => s.html).join("")}
</body></html>
`;
writeFileSync(`${BOOK}index.html`, html);
console.log(
  `flowbook: ${BOOK}index.html (${sections.map((s) => `${s.flow.id}: ${String(s.tours.length)} tours`).join(", ")})`,
);
