// @vitest-environment jsdom
/**
 * The src/ui primitives with behaviour of their own, rendered by React in jsdom: what a screen reader
 * and a keyboard user meet (roles, names, aria-* state) and what a pick reports. Pixels and focus
 * rings are checked in Chromium by the pages that use them.
 */
import { createElement as h, useState, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";

// The Lingui macros are compiled away by the app's build; here `t` and `Trans` are the English text itself.
vi.mock("@lingui/react/macro", () => ({
  Trans: ({ children }: { children: unknown }) => children,
  useLingui: () => ({
    t: (strings: TemplateStringsArray, ...values: unknown[]) => String.raw({ raw: strings }, ...values),
  }),
}));

const { Money } = await import("../../src/ui/Money.tsx");
const { Pagination } = await import("../../src/ui/Pagination.tsx");
const { Table } = await import("../../src/ui/Table.tsx");
const { RadioGroup } = await import("../../src/ui/RadioGroup.tsx");
const { Combobox } = await import("../../src/ui/Combobox.tsx");
const { Field } = await import("../../src/ui/Field.tsx");
const { FilterModal, useFilterSwitch } = await import("../../src/ui/list/index.ts");
const { buttonVariants } = await import("../../src/ui/buttonVariants.ts");
const { Button } = await import("../../src/ui/Button.tsx");
const { twMerge } = await import("tailwind-merge");

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLElement;

beforeAll(() => {
  // Radix's popper measures its anchor; jsdom has no layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  host?.remove();
  document.body.innerHTML = "";
});

function render(node: ReactNode) {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(h(I18nProvider, { i18n }, node)));
  return host;
}

const key = (target: Element, k: string) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  });
const click = (target: Element) => act(() => (target as HTMLElement).click());
/** Types into a React-controlled input (React listens to the native value setter + input event). */
const type = (input: HTMLInputElement, text: string) =>
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

describe("Money", () => {
  it("shows integer cents with the currency code in the active locale", () => {
    const view = render(h(Money, { cents: 123450, currency: "USD" }));
    // the one money format (domain/money.ts): the code and the amount joined by a no-break space
    expect(view.textContent).toBe("USD\u00a01,234.50");
    expect(view.querySelector("[data-cents]")?.getAttribute("data-cents")).toBe("123450");
  });
});

describe("Pagination", () => {
  it("names the pages, marks the current one, and reports the page picked", () => {
    const onPageChange = vi.fn();
    const view = render(h(Pagination, { page: 1, pageCount: 10, onPageChange }));
    const nav = view.querySelector("nav")!;
    expect(nav.getAttribute("aria-label")).toBe("Pages");
    const labels = [...nav.querySelectorAll("button")].map((b) => b.getAttribute("aria-label"));
    expect(labels).toEqual(["Previous page", "Page 1", "Page 2", "Page 3", "Page 4", "Page 5", "Page 10", "Next page"]);
    expect(nav.querySelector("[aria-current=page]")?.textContent).toBe("1");
    expect(nav.querySelector<HTMLButtonElement>("[aria-label='Previous page']")!.disabled).toBe(true);
    click(nav.querySelector("[aria-label='Next page']")!);
    click(nav.querySelector("[aria-label='Page 10']")!);
    // the current page is not picked again
    click(nav.querySelector("[aria-label='Page 1']")!);
    expect(onPageChange.mock.calls).toEqual([[2], [10]]);
  });

  it("shows nothing for a single page", () => {
    expect(render(h(Pagination, { page: 1, pageCount: 1, onPageChange: () => {} })).innerHTML).toBe("");
  });
});

describe("Table", () => {
  const columns = [
    { id: "order", header: "Order", cell: (r: { id: string; cents: number }) => r.id },
    { id: "price", header: "Price", align: "right" as const, cell: (r: { id: string; cents: number }) => r.cents },
  ];

  it("has a caption and column headers, and one cell per column in each row", () => {
    const view = render(
      h(Table<{ id: string; cents: number }>, {
        columns,
        rows: [
          { id: "MTM1", cents: 100 },
          { id: "MTM2", cents: 200 },
        ],
        rowKey: (r) => r.id,
        caption: "Orders",
        empty: "No orders",
      }),
    );
    expect(view.querySelector("caption")?.textContent).toBe("Orders");
    expect([...view.querySelectorAll("th")].map((th) => [th.textContent, th.getAttribute("scope")])).toEqual([
      ["Order", "col"],
      ["Price", "col"],
    ]);
    expect([...view.querySelectorAll("tbody tr")].map((tr) => tr.textContent)).toEqual(["MTM1100", "MTM2200"]);
  });

  type Row = { id: string; cents: number };
  const table = (state: { rows?: Row[]; loading?: boolean; refreshing?: boolean }) =>
    render(
      h(Table<Row>, {
        columns,
        rows: state.rows ?? [],
        rowKey: (r) => r.id,
        caption: "Orders",
        empty: "No orders",
        loading: state.loading,
        refreshing: state.refreshing,
      }),
    );

  it("says so when there are no rows", () => {
    const cell = table({}).querySelector("tbody td")!;
    expect(cell.textContent).toBe("No orders");
    expect(cell.getAttribute("colspan")).toBe("2");
  });

  it("says Loading, not that there are none, while its first rows load (a status, announced: not busy)", () => {
    const view = table({ loading: true });
    expect(view.querySelector("tbody td [role=status]")?.textContent).toBe("Loading…");
    expect(view.querySelector("table")?.hasAttribute("aria-busy")).toBe(false);
  });

  it("keeps an empty list's text while it is read again: busy, under a bar", () => {
    const view = table({ refreshing: true });
    expect(view.querySelector("tbody td")?.textContent).toBe("No orders");
    expect(view.querySelector("table")?.getAttribute("aria-busy")).toBe("true");
    expect(view.querySelector("div[aria-hidden=true].animate-pulse")).not.toBeNull();
  });

  it("keeps rows being read again at full contrast (no dimming), busy, under a bar", () => {
    const view = table({ rows: [{ id: "A1", cents: 12345 }], refreshing: true });
    expect(view.querySelector("table")?.getAttribute("aria-busy")).toBe("true");
    expect(view.querySelector("[class*=opacity]")).toBeNull();
    expect(view.querySelector("div[aria-hidden=true].animate-pulse")).not.toBeNull();
    expect(view.querySelectorAll("tbody tr")).toHaveLength(1);
  });
});

describe("FilterModal", () => {
  type CodeFilter = { code?: string };
  /**
   * A list page: its Filter button and its filter dialog. As a page does, it makes the dialog's `initial`
   * anew on each render; `onRender` is told each time, with a way to render the page again.
   */
  function FilterPage(props: {
    initial: CodeFilter;
    field: (filter: CodeFilter, set: (patch: Partial<CodeFilter>) => void) => ReactNode;
    onApply?: (filter: CodeFilter) => void;
    onRender?: (renderAgain: () => void) => void;
  }) {
    const [, setVersion] = useState(0);
    props.onRender?.(() => setVersion((v) => v + 1));
    const filterSwitch = useFilterSwitch();
    return h(
      "div",
      null,
      h("button", { onClick: () => filterSwitch.set(true), "data-testid": "open-filter" }, "Filter"),
      h(FilterModal<CodeFilter>, {
        filterSwitch,
        title: "Filter fabrics",
        testId: "filter",
        initial: { ...props.initial },
        onApply: props.onApply ?? (() => {}),
        children: props.field,
      }),
    );
  }
  const openFilter = () => click(document.querySelector("[data-testid=open-filter]")!);

  it("opens and closes by the page's switch without rendering the page or its fields again; Apply closes, then gives the draft", () => {
    // issue 21: opening the filter rendered the whole list again, then every field (152 ms to paint at 4x)
    let pageRenders = 0;
    let fieldRenders = 0;
    const onApply = vi.fn();
    function CodeField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
      fieldRenders++;
      return h("input", {
        "aria-label": "Code",
        value,
        onChange: (event: { target: { value: string } }) => onChange(event.target.value),
      });
    }
    render(
      h(FilterPage, {
        initial: {},
        onApply,
        onRender: () => pageRenders++,
        field: (filter, set) => h(CodeField, { value: filter.code ?? "", onChange: (code) => set({ code }) }),
      }),
    );
    const dialog = document.querySelector("[data-testid=filter]")!;
    expect(dialog.hasAttribute("hidden")).toBe(true);
    const fieldsAtFirst = fieldRenders;
    openFilter();
    expect(dialog.hasAttribute("hidden")).toBe(false);
    expect(fieldRenders).toBe(fieldsAtFirst);
    const code = dialog.querySelector<HTMLInputElement>("input[aria-label=Code]")!;
    // Escape closes it and drops the draft: opened again, it starts from the list's filter
    type(code, "HL9");
    key(code, "Escape");
    expect(dialog.hasAttribute("hidden")).toBe(true);
    openFilter();
    expect(code.value).toBe("");
    type(code, "HL1002");
    // (the count counts: a changed draft renders the field)
    expect(fieldRenders).toBeGreaterThan(fieldsAtFirst);
    expect(onApply).not.toHaveBeenCalled();
    click([...dialog.querySelectorAll("button")].find((b) => b.textContent === "Apply")!);
    expect(onApply.mock.calls).toEqual([[{ code: "HL1002" }]]);
    expect(dialog.hasAttribute("hidden")).toBe(true);
    expect(pageRenders).toBe(1);
  });

  it("reopened after the page rendered again with the same filter (a new object), keeps its fields as they are", () => {
    // issue 21: the page makes its filter from the address on every render (the list's data arriving, say),
    // and each reopening then made every field again
    let fieldRenders = 0;
    let renderPage = () => {};
    function CodeField({ value }: { value: string }) {
      fieldRenders++;
      return h("input", { "aria-label": "Code", value, readOnly: true });
    }
    render(
      h(FilterPage, {
        initial: { code: "HL9" },
        onRender: (renderAgain) => (renderPage = renderAgain),
        field: (filter) => h(CodeField, { value: filter.code ?? "" }),
      }),
    );
    const dialog = document.querySelector("[data-testid=filter]")!;
    const code = dialog.querySelector<HTMLInputElement>("input[aria-label=Code]")!;
    for (let i = 0; i < 3; i++) {
      act(renderPage);
      const before = fieldRenders;
      openFilter();
      expect([dialog.hasAttribute("hidden"), code.value, fieldRenders - before]).toEqual([false, "HL9", 0]);
      key(code, "Escape");
    }
  });
  it("applies on Enter in a field, not while an input method composes nor when the field took it, and renders no hidden native select", () => {
    // issue 21: the fields sat in a <form>, where Radix Select renders a hidden native <select> per field
    const onApply = vi.fn();
    render(
      h(FilterPage, {
        initial: {},
        onApply,
        field: (filter, set) =>
          h("input", {
            "aria-label": "Code",
            value: filter.code ?? "",
            onChange: (event: { target: { value: string } }) => set({ code: event.target.value }),
          }),
      }),
    );
    const dialog = document.querySelector("[data-testid=filter]")!;
    expect(dialog.querySelector("form, select")).toBeNull();
    openFilter();
    const code = dialog.querySelector<HTMLInputElement>("input[aria-label=Code]")!;
    type(code, "HL7");
    act(() => {
      code.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, isComposing: true }));
    });
    expect([onApply.mock.calls.length, dialog.hasAttribute("hidden")]).toEqual([0, false]);
    // an Enter the field took for itself (a combobox choosing its option) does not apply either
    code.addEventListener("keydown", (event) => event.preventDefault(), { once: true });
    key(code, "Enter");
    expect(onApply.mock.calls).toHaveLength(0);
    key(code, "Enter");
    expect(onApply.mock.calls).toEqual([[{ code: "HL7" }]]);
    expect(dialog.hasAttribute("hidden")).toBe(true);
  });
});

describe("RadioGroup", () => {
  it("is a named radiogroup whose labelled radios report the choice", () => {
    const onValueChange = vi.fn();
    const view = render(
      h(RadioGroup<"10052" | "10053">, {
        id: "method",
        "aria-label": "Measurement method",
        value: "10052",
        onValueChange,
        options: [
          { value: "10052", label: "Body" },
          { value: "10053", label: "Finished" },
        ],
      }),
    );
    const group = view.querySelector("[role=radiogroup]")!;
    expect(group.getAttribute("aria-label")).toBe("Measurement method");
    const radios = [...group.querySelectorAll("[role=radio]")];
    expect(radios.map((r) => r.getAttribute("aria-checked"))).toEqual(["true", "false"]);
    expect(view.querySelector(`label[for="${radios[1]!.id}"]`)?.textContent).toBe("Finished");
    click(radios[1]!);
    expect(onValueChange).toHaveBeenCalledWith("10053");
  });
});

describe("Combobox", () => {
  type Customer = { id: number; name: string };
  const customers: Customer[] = [
    { id: 1, name: "Alice" },
    { id: 2, name: "Albert" },
    { id: 3, name: "Alma" },
  ];

  /** A customer search as BasicInfoStep would use it: the caller filters, the combobox shows. */
  function CustomerSearch({ onPick }: { onPick: (c: Customer) => void }) {
    const [text, setText] = useState("");
    const [picked, setPicked] = useState<number | null>(null);
    const items = text ? customers.filter((c) => c.name.toLowerCase().startsWith(text.toLowerCase())) : [];
    return h(Combobox<Customer>, {
      id: "customer",
      listLabel: "Customers",
      inputValue: text,
      onInputValueChange: setText,
      items,
      itemKey: (c) => c.id,
      renderItem: (c) => c.name,
      isSelected: (c) => c.id === picked,
      emptyText: "No customer found",
      onSelect: (c) => {
        setPicked(c.id);
        setText(c.name);
        onPick(c);
      },
    });
  }

  const input = () => document.querySelector<HTMLInputElement>("#customer")!;
  const listbox = () => document.querySelector("[role=listbox]");
  const options = () => [...document.querySelectorAll("[role=option]")];

  it("is a combobox that opens a named listbox of options while the text matches", () => {
    render(h(CustomerSearch, { onPick: () => {} }));
    expect(input().getAttribute("role")).toBe("combobox");
    expect(input().getAttribute("aria-expanded")).toBe("false");
    expect(listbox()).toBeNull();

    type(input(), "al");
    expect(input().getAttribute("aria-expanded")).toBe("true");
    expect(listbox()?.getAttribute("aria-label")).toBe("Customers");
    expect(input().getAttribute("aria-controls")).toBe(listbox()!.id);
    expect(options().map((o) => o.textContent)).toEqual(["Alice", "Albert", "Alma"]);

    type(input(), "alx");
    expect(listbox()).toBeNull();
    expect(document.body.textContent).toContain("No customer found");
  });

  it("moves the active option with the arrow keys (wrapping, Home/End) and picks it with Enter", () => {
    const onPick = vi.fn();
    render(h(CustomerSearch, { onPick }));
    type(input(), "al");
    const active = () => input().getAttribute("aria-activedescendant");
    expect(active()).toBeNull();
    key(input(), "ArrowDown");
    expect(active()).toBe(options()[0]!.id);
    key(input(), "ArrowDown");
    key(input(), "ArrowDown");
    expect(active()).toBe(options()[2]!.id);
    key(input(), "ArrowDown"); // wraps to the first
    expect(active()).toBe(options()[0]!.id);
    key(input(), "ArrowUp"); // wraps to the last
    expect(active()).toBe(options()[2]!.id);
    key(input(), "Home");
    expect(active()).toBe(options()[0]!.id);
    key(input(), "End");
    key(input(), "ArrowUp");
    expect(active()).toBe(options()[1]!.id);

    key(input(), "Enter");
    expect(onPick).toHaveBeenCalledWith({ id: 2, name: "Albert" });
    // the list closes on a pick, and the input shows the choice
    expect(listbox()).toBeNull();
    expect(input().value).toBe("Albert");
    expect(input().getAttribute("aria-expanded")).toBe("false");
  });

  it("closes with Escape and reopens with ArrowDown; a click picks an option", () => {
    const onPick = vi.fn();
    render(h(CustomerSearch, { onPick }));
    type(input(), "al");
    key(input(), "Escape");
    expect(listbox()).toBeNull();
    key(input(), "ArrowDown");
    expect(listbox()).not.toBeNull();
    expect(input().getAttribute("aria-activedescendant")).toBe(options()[0]!.id);
    click(options()[2]!);
    expect(onPick).toHaveBeenCalledWith({ id: 3, name: "Alma" });
    expect(listbox()).toBeNull();
  });

  it("marks the chosen option as selected when the list opens again", () => {
    render(h(CustomerSearch, { onPick: () => {} }));
    type(input(), "al");
    click(options()[0]!);
    type(input(), "al");
    expect(options().map((o) => o.getAttribute("aria-selected"))).toEqual(["true", "false", "false"]);
  });
});

describe("Field", () => {
  const field = (props: { error?: string | null; outOfRange?: boolean }) =>
    render(
      h(Field, {
        id: "chest",
        label: "Chest",
        hint: "70 – 150",
        ...props,
        children: (control: object) => h("input", control),
      }),
    );
  const hint = () => document.getElementById("chest-hint")!;
  const control = () => document.getElementById("chest")!;

  it("QO-158 a value out of range as typed marks the control and turns its range hint red, before any refusal", () => {
    field({ outOfRange: true });
    expect(control().getAttribute("aria-invalid")).toBe("true");
    expect(hint().className).toContain("text-red-700");
    // no refusal yet: no error message, and the control is described by its hint alone
    expect(document.getElementById("chest-error")).toBeNull();
    expect(control().getAttribute("aria-describedby")).toBe("chest-hint");
  });

  it("QO-158 a value in range leaves the hint calm; a refusal marks it and says why", () => {
    field({});
    expect(control().getAttribute("aria-invalid")).toBeNull();
    expect(hint().className).not.toContain("text-red-700");
    act(() => root!.unmount());
    field({ error: "Chest out of range (70–150 cm)" });
    expect(control().getAttribute("aria-invalid")).toBe("true");
    expect(hint().className).toContain("text-red-700");
    expect(document.getElementById("chest-error")!.textContent).toBe("Chest out of range (70–150 cm)");
    expect(control().getAttribute("aria-describedby")).toBe("chest-error chest-hint");
  });
});

describe("Button", () => {
  it("while pending keeps the focus, says it is unavailable and ignores presses, its form's submission too", () => {
    // a disabled button drops the focus to the page: after a refused Save the keyboard started from the top
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    function Form({ pending }: { pending: boolean }) {
      return h("form", { onSubmit }, h(Button, { type: "submit", pending, onClick }, "Save"));
    }
    render(h(Form, { pending: false }));
    const button = host.querySelector("button")!;
    click(button);
    expect([onClick.mock.calls.length, onSubmit.mock.calls.length]).toEqual([1, 1]);
    act(() => root!.render(h(I18nProvider, { i18n }, h(Form, { pending: true }))));
    button.focus();
    click(button);
    expect([onClick.mock.calls.length, onSubmit.mock.calls.length]).toEqual([1, 1]);
    expect([button.disabled, button.getAttribute("aria-disabled"), document.activeElement]).toEqual([
      false,
      "true",
      button,
    ]);
    act(() => root!.render(h(I18nProvider, { i18n }, h(Form, { pending: false }))));
    expect(button.hasAttribute("aria-disabled")).toBe(false);
  });
});

describe("buttonVariants", () => {
  // Button skips tailwind-merge when it has no className: its own classes must never conflict
  const variants = ["primary", "secondary", "outline", "ghost", "danger", "accent", "inverse", "link"] as const;
  const sizes = ["sm", "md", "lg", "xl", "icon"] as const;
  const combos = variants.flatMap((variant) =>
    sizes.flatMap((size) => [true, false].map((block) => ({ variant, size, block }))),
  );
  it.each(combos)("$variant $size block=$block: no class of the variant overrides another", (combo) => {
    const classes = buttonVariants(combo);
    const merged = twMerge(classes);
    expect(merged.split(" ").sort()).toEqual(classes.split(" ").sort());
    // one font weight each: semibold but for the link
    expect(classes.split(" ").filter((c) => c.startsWith("font-"))).toEqual([
      combo.variant === "link" ? "font-normal" : "font-semibold",
    ]);
  });
});
