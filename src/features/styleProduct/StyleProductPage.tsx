import { SearchForm } from "../../ui/list/SearchForm.tsx";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../ui/Button.tsx";
import { Money } from "../../ui/Money.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { cn } from "../../ui/cn.ts";
import { listImage, STYLE_PAGE_SIZE, styleQueries, type StyleProductSearch } from "./queries.ts";
import { StyleImage } from "./StyleImage.tsx";
import { StyleSearch } from "./StyleSearch.tsx";

const choiceClass = (active: boolean) =>
  cn(
    "flex w-full items-center justify-between rounded px-3 py-2 text-left text-sm",
    active ? "bg-brand font-semibold text-white" : "text-slate-800 hover:bg-slate-100",
  );

/**
 * The style product list (002 §2, SO-031..SO-040): main categories with their counts on the left, the
 * sub-categories of the chosen one beside them (when it has some), a search by style name, and the
 * products, 20 a page. A product opens its style ordering in a new tab. What is shown lives in the
 * address (`search`), so a list can be linked, reloaded and gone back to.
 */
export function StyleProductPage({
  search,
  onSearch,
}: {
  search: StyleProductSearch;
  onSearch: (next: StyleProductSearch) => void;
}) {
  const { t } = useLingui();
  const { data: categories } = useSuspenseQuery(styleQueries.categories());
  const { data: list } = useSuspenseQuery(styleQueries.list(search));
  const main = categories.find((c) => c.id === search.category);
  const allCount = categories.reduce((sum, c) => sum + c.count, 0);
  const pageCount = Math.ceil(list.total / STYLE_PAGE_SIZE);
  const page = search.page ?? 1;

  const chooseCategory = (category?: number) => onSearch({ category, name: search.name });
  const chooseSub = (sub?: number) => onSearch({ category: search.category, sub, name: search.name });

  return (
    <main className="mx-auto w-[1280px] py-8" data-testid="style-product">
      <div className="mb-6 flex items-end justify-between gap-6">
        <h1 className="text-2xl font-semibold text-brand">
          <Trans>Fashion & Designer</Trans>
        </h1>
        <SearchForm
          id="style-name"
          label={<Trans>Style name</Trans>}
          formLabel={t`Search styles`}
          initial={search.name ?? ""}
          onSubmit={(name) => onSearch({ category: search.category, sub: search.sub, name: name || undefined })}
        />
      </div>

      {/* SO-028..SO-030: the quick style search by name or style code, from 4 characters */}
      <StyleSearch />

      <div className="flex items-start gap-6">
        {/* SO-034: the main categories with their counts */}
        <nav aria-label={t`Style categories`} className="w-56 shrink-0 rounded border border-slate-200 bg-white p-2">
          <ul className="space-y-1">
            <li>
              <button
                type="button"
                className={choiceClass(search.category === undefined)}
                aria-current={search.category === undefined ? "true" : undefined}
                onClick={() => chooseCategory(undefined)}
              >
                <span>
                  <Trans>All styles</Trans>
                </span>
                <span className="tabular-nums">{allCount}</span>
              </button>
            </li>
            {categories.map((category) => (
              <li key={category.id}>
                <button
                  type="button"
                  className={choiceClass(category.id === search.category)}
                  aria-current={category.id === search.category ? "true" : undefined}
                  onClick={() => chooseCategory(category.id)}
                >
                  <span>{category.name}</span>
                  <span className="tabular-nums">{category.count}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>

        {/* SO-035: the sub-categories of the chosen main category, when it has some */}
        {main && main.children.length > 0 && (
          <nav
            aria-label={t`Sub-categories of ${main.name}`}
            className="w-48 shrink-0 rounded border border-slate-200 bg-white p-2"
          >
            <ul className="space-y-1">
              <li>
                <button
                  type="button"
                  className={choiceClass(search.sub === undefined)}
                  aria-current={search.sub === undefined ? "true" : undefined}
                  onClick={() => chooseSub(undefined)}
                >
                  <span>
                    <Trans>All {main.name}</Trans>
                  </span>
                  <span className="tabular-nums">{main.count}</span>
                </button>
              </li>
              {main.children.map((sub) => (
                <li key={sub.id}>
                  <button
                    type="button"
                    className={choiceClass(sub.id === search.sub)}
                    aria-current={sub.id === search.sub ? "true" : undefined}
                    onClick={() => chooseSub(sub.id)}
                  >
                    <span>{sub.name}</span>
                    <span className="tabular-nums">{sub.count}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <section aria-label={t`Styles`} className="min-w-0 flex-1">
          <p className="mb-3 text-sm text-slate-700" role="status">
            <Plural value={list.total} one="# style" other="# styles" />
            {search.name ? (
              <>
                {" "}
                <Trans>named “{search.name}”</Trans>
              </>
            ) : null}
          </p>
          {list.styles.length === 0 ? (
            // SO-039: the empty state
            <div
              className="flex flex-col items-center gap-4 rounded border border-dashed border-slate-300 bg-white py-16 text-center"
              data-testid="style-empty"
            >
              {list.total > 0 ? (
                // A page past the last (an old link): the styles are on the pages before it
                <>
                  <p className="text-lg font-medium text-slate-800">
                    <Trans>There are no styles on this page</Trans>
                  </p>
                  <Button variant="outline" onClick={() => onSearch({ ...search, page: undefined })}>
                    <Trans>First page</Trans>
                  </Button>
                </>
              ) : (
                <>
                  <p className="text-lg font-medium text-slate-800">
                    <Trans>No styles found</Trans>
                  </p>
                  <p className="text-sm text-slate-700">
                    <Trans>Try another style name or category.</Trans>
                  </p>
                  <Button variant="outline" onClick={() => onSearch({})}>
                    <Trans>Show all styles</Trans>
                  </Button>
                </>
              )}
            </div>
          ) : (
            // SO-037: the product grid; SO-040: a product opens its style ordering in a new tab
            <ul aria-label={t`Products`} className="grid grid-cols-4 gap-4">
              {list.styles.map((style) => (
                <li key={style.id}>
                  <Link
                    to="/styleOrdering"
                    search={{ id: style.id }}
                    target="_blank"
                    // SHELL-109: a session kept without remember-me belongs to its tab, so the new tab asks
                    // to sign in; a remembered one is every tab's (they refresh it under one Web Lock). A
                    // copied per-tab session would spend one refresh token in two tabs and end both.
                    rel="noopener"
                    className="group block h-full overflow-hidden rounded border border-slate-200 bg-white shadow-sm hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
                  >
                    <StyleImage
                      src={listImage(style.previewImage)}
                      alt=""
                      className="aspect-[3/4] w-full bg-slate-50 object-cover"
                    />
                    <div className="space-y-1 p-3">
                      <h2 className="text-sm font-medium text-slate-900 group-hover:text-brand">{style.styleName}</h2>
                      <p className="text-xs text-slate-700">
                        <Trans>Delivery in {style.deliveryDays} days</Trans>
                      </p>
                      <p className="text-sm font-semibold text-slate-900">
                        <Trans>
                          From <Money cents={style.priceCents} currency={style.currency} />
                        </Trans>
                      </p>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {/* SO-038: pagination, 20 a page */}
          <Pagination
            className="mt-6"
            page={page}
            pageCount={pageCount}
            onPageChange={(next) => onSearch({ ...search, page: next === 1 ? undefined : next })}
          />
        </section>
      </div>
    </main>
  );
}
