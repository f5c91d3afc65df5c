import { useState, type ReactNode } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { isApiError } from "../../api/errors.ts";
import { Combobox } from "../../ui/Combobox.tsx";
import { controlVariants } from "../../ui/Field.tsx";
import { Money } from "../../ui/Money.tsx";
import { Table, type Column } from "../../ui/Table.tsx";
import { useDebounced } from "../../ui/useDebounced.ts";
import { Select } from "../../ui/Select.tsx";
import { buttonVariants } from "../../ui/Button.tsx";
import { shellQueries } from "../shell/index.ts";
import { styleQueries } from "./queries.ts";
import {
  pieceCraftRows,
  STYLE_SEARCH_DEBOUNCE_MS,
  STYLE_SEARCH_MAX,
  STYLE_SEARCH_MIN,
  styleSearchKeyword,
} from "./styleSearch.ts";

interface Hit {
  id: number;
  styleId: number;
  styleName: string;
  pieceName: string;
  styleCode: string;
  clothCategory: number;
}

/** What the user sees of a failed read: the server's message when it sent one. */
function useErrorText() {
  const { t } = useLingui();
  return (error: unknown) =>
    isApiError(error) && error.message ? error.message : t`The server could not be reached. Try again.`;
}

/**
 * The quick style search (SO-028..SO-030): a garment category and a style name or style code. Nothing
 * is asked before STYLE_SEARCH_MIN characters are typed (SO-029); from there, once the typing pauses,
 * GET pc/curablestyle lists the matching pieces. Choosing one loads it (GET pc/curablestyle/{pid}/{id})
 * into a panel with its style code and crafts, and a link that opens its style in a new tab.
 */
export function StyleSearch() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const garments = useQuery(shellQueries.categories(7));
  const [garment, setGarment] = useState<number | undefined>(undefined);
  const pid = garment ?? garments.data?.[0]?.id;
  const [text, setText] = useState("");
  const settled = useDebounced(text, STYLE_SEARCH_DEBOUNCE_MS);
  // SO-029: null below 4 characters, and then nothing is asked
  const keyword = styleSearchKeyword(settled);
  const search = useQuery({
    ...styleQueries.search(pid ?? 0, keyword ?? ""),
    enabled: keyword !== null && pid !== undefined,
    placeholderData: keepPreviousData,
  });
  // The list shows while both the typed and the searched text are long enough (no stale hits for "ab")
  const searching = keyword !== null && styleSearchKeyword(text) !== null;
  const hits: readonly Hit[] = searching ? (search.data ?? []) : [];
  const [chosen, setChosen] = useState<Hit | null>(null);
  const typed = settled.trim().length;

  let status: ReactNode;
  if (keyword === null)
    status =
      typed === 0 ? (
        <Trans>Type at least {STYLE_SEARCH_MIN} characters</Trans>
      ) : (
        <Trans>
          Type at least {STYLE_SEARCH_MIN} characters ({typed} typed)
        </Trans>
      );
  else if (search.isError) status = null;
  else if (search.isFetching) status = <Trans>Searching…</Trans>;
  else if (search.data?.length === 0)
    status = <Trans>No style found for “{keyword}”. Try another style name or style code.</Trans>;
  else if (search.data)
    status = <Plural value={search.data.length} one="# style piece found" other="# style pieces found" />;

  return (
    <section
      aria-labelledby="style-search-title"
      className="mb-6 flex items-start gap-6 rounded border border-slate-200 bg-white p-4"
      data-testid="style-search"
    >
      <div className="w-[36rem] shrink-0">
        <h2 id="style-search-title" className="mb-3 text-base font-semibold text-slate-900">
          <Trans>Find a style by name or style code</Trans>
        </h2>
        <div className="flex items-start gap-3">
          <div className="w-44 shrink-0">
            <label htmlFor="style-search-garment" className="mb-1 block text-sm font-medium text-slate-800">
              <Trans>Garment</Trans>
            </label>
            <Select
              id="style-search-garment"
              value={pid === undefined ? undefined : String(pid)}
              onValueChange={(value) => setGarment(Number(value))}
              options={(garments.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              placeholder={t`Loading…`}
              disabled={!garments.data}
            />
          </div>
          <div className="min-w-0 flex-1">
            <label htmlFor="style-search-keyword" className="mb-1 block text-sm font-medium text-slate-800">
              <Trans>Style name or style code</Trans>
            </label>
            <Combobox
              id="style-search-keyword"
              className={controlVariants()}
              inputValue={text}
              onInputValueChange={(value) => setText(value.slice(0, STYLE_SEARCH_MAX))}
              open={searching}
              items={hits}
              itemKey={(hit) => hit.id}
              isSelected={(hit) => hit.id === chosen?.id}
              renderItem={(hit) => (
                <span className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0">
                    <span className="font-medium text-slate-900">{hit.styleName}</span>
                    <span className="text-slate-700"> · {hit.pieceName}</span>
                  </span>
                  <span className="shrink-0 font-mono text-xs text-slate-700">{hit.styleCode}</span>
                </span>
              )}
              onSelect={setChosen}
              listId="style-search-options"
              listLabel={t`Styles found`}
              placeholder={t`e.g. Windsor or ST001`}
              aria-describedby="style-search-status"
            />
            <p id="style-search-status" role="status" className="mt-1 min-h-5 text-sm text-slate-700">
              {status}
            </p>
            {keyword !== null && search.isError && (
              <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                <Trans>The style search failed: {errorText(search.error)}</Trans>
              </p>
            )}
          </div>
        </div>
      </div>
      {chosen && <PiecePanel hit={chosen} />}
    </section>
  );
}

/** SO-030: the chosen piece as GET pc/curablestyle/{pid}/{id} answers it: its style code and crafts, and its style. */
function PiecePanel({ hit }: { hit: Hit }) {
  const errorText = useErrorText();
  const piece = useQuery(styleQueries.piece(hit.clothCategory, hit.id));
  return (
    <section
      aria-labelledby="style-piece-title"
      className="min-w-0 flex-1 rounded border border-slate-200 bg-slate-50 p-4"
      data-testid="style-piece"
    >
      <div className="mb-2 flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h3 id="style-piece-title" className="font-semibold text-slate-900">
            {hit.styleName} · {hit.pieceName}
          </h3>
          {piece.data && (
            <p className="text-sm text-slate-700">
              <Trans>
                Style code <span className="font-mono text-slate-900">{piece.data.styleCode}</span>
              </Trans>
            </p>
          )}
        </div>
        {/* SO-040: a style opens its ordering in a new tab, as the product grid does (SHELL-109: rel noopener) */}
        <Link
          to="/styleOrdering"
          search={{ id: hit.styleId }}
          target="_blank"
          rel="noopener"
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Trans>Open style</Trans>
        </Link>
      </div>
      {piece.isPending && (
        <p role="status" className="text-sm text-slate-700">
          <Trans>Loading the piece…</Trans>
        </p>
      )}
      {piece.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          <Trans>This piece could not be loaded: {errorText(piece.error)}</Trans>
        </p>
      )}
      {piece.data &&
        (piece.data.styleCraftList.length === 0 ? (
          <p className="text-sm text-slate-700">
            <Trans>This piece has no crafts to choose.</Trans>
          </p>
        ) : (
          <Table
            density="compact"
            columns={craftColumns(piece.data.currency)}
            rows={pieceCraftRows(piece.data.styleCraftList)}
            rowKey={(craft) => craft.id}
            caption={<Trans>Crafts of {hit.pieceName}</Trans>}
            empty={<Trans>This piece has no crafts to choose.</Trans>}
          />
        ))}
    </section>
  );
}

type CraftRow = ReturnType<typeof pieceCraftRows>[number];

/** A style piece's crafts: name (and whether required), the choices, the price in the piece's currency. */
function craftColumns(currency: string): Column<CraftRow>[] {
  return [
    {
      id: "craft",
      header: <Trans>Craft</Trans>,
      className: "text-slate-900",
      cell: (craft) => (
        <>
          {craft.name}
          {craft.required && (
            <span className="ml-1 text-xs text-slate-700">
              (<Trans>required</Trans>)
            </span>
          )}
        </>
      ),
    },
    {
      id: "options",
      header: <Trans>Options</Trans>,
      className: "text-slate-700",
      cell: (craft) => (craft.choices.length === 0 ? <Trans>Free text</Trans> : craft.choices.join(", ")),
    },
    {
      id: "price",
      header: <Trans>Price</Trans>,
      align: "right",
      cell: (craft) => <Money cents={craft.priceCents} currency={currency} />,
    },
  ];
}
