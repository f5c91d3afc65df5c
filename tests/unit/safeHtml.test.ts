// @vitest-environment jsdom
/**
 * The style's `property` HTML comes from the server and is shown only sanitised (src/ui/SafeHtml.tsx,
 * DOMPurify): the markup of a description stays; a <script>, an event-handler attribute and a
 * javascript: link never reach the page. tests/e2e/styleOrdering.spec.ts shows the same in Chromium
 * with seeded styles, where the browser would run them.
 */
import { createElement as h } from "react";
import { createRoot, type Root } from "react-dom/client";
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { SafeHtml, sanitizeHtml } from "../../src/ui/SafeHtml.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const HOSTILE = [
  "<h3>Milano</h3>",
  "<ul><li>Half canvas</li><li>Horn buttons</li></ul>",
  "<table><tbody><tr><th>Fit</th><td>Slim</td></tr></tbody></table>",
  "<script>window.__pwned = 'script'</script>",
  `<img src="x" onerror="window.__pwned = 'onerror'" alt="broken">`,
  `<a href="javascript:window.__pwned = 'link'">Click me</a>`,
  `<a href="JaVaScRiPt:alert(1)">Shouting</a>`,
  `<a href="https://example.com/care">Care guide</a>`,
  `<svg><g onload="window.__pwned = 'svg'"></g></svg>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<p style="background:url(javascript:alert(1))" onclick="window.__pwned = 'click'">Styled</p>`,
].join("");

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  delete (window as { __pwned?: string }).__pwned;
});

function render(html: string): HTMLElement {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(h(SafeHtml, { html, label: "Description" })));
  return host;
}

describe("SafeHtml (the style's property text)", () => {
  it("keeps the description's headings, lists, tables and safe links", () => {
    const host = render(HOSTILE);
    expect(host.querySelector("h3")?.textContent).toBe("Milano");
    expect([...host.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Half canvas", "Horn buttons"]);
    expect(host.querySelector("td")?.textContent).toBe("Slim");
    const care = [...host.querySelectorAll("a")].find((a) => a.textContent === "Care guide");
    expect(care?.getAttribute("href")).toBe("https://example.com/care");
    // a kept link opens apart from the page
    expect(care?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(host.textContent).toContain("Styled");
  });

  it("drops a <script>, every on* attribute and javascript: links, so none of them can run", () => {
    const host = render(HOSTILE);
    expect(host.querySelectorAll("script, iframe, style")).toHaveLength(0);
    for (const el of host.querySelectorAll("*"))
      for (const attr of el.attributes) {
        expect(attr.name.startsWith("on"), `${el.tagName} ${attr.name}`).toBe(false);
        expect(attr.name).not.toBe("style");
        expect(attr.value.replace(/\s/g, "").toLowerCase()).not.toContain("javascript:");
      }
    // the links whose href was unsafe are kept as text without it
    const shouting = [...host.querySelectorAll("a")].find((a) => a.textContent === "Shouting");
    expect(shouting?.hasAttribute("href")).toBe(false);
    expect(host.querySelector("img")?.getAttribute("alt")).toBe("broken");
    // what a click on the dropped link would run never runs
    for (const a of host.querySelectorAll("a"))
      a.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    host.querySelector("p")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    host.querySelector("img")?.dispatchEvent(new Event("error"));
    expect((window as { __pwned?: string }).__pwned).toBeUndefined();
  });

  it("the raw text with the hostile parts differs from what is rendered: sanitising is what removes them", () => {
    expect(HOSTILE).toContain("<script>");
    expect(HOSTILE).toContain("onerror=");
    const clean = sanitizeHtml(HOSTILE);
    expect(clean).not.toMatch(/<script|onerror|onclick|onload|javascript:/i);
    expect(sanitizeHtml("")).toBe("");
    expect(sanitizeHtml("plain text & more")).toBe("plain text & more");
  });
});
