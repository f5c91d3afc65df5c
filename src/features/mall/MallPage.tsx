import { SearchForm } from "../../ui/list/SearchForm.tsx";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { GOODS_PAGE_SIZE, type GoodsCatalogueQuery } from "./goodsRules.ts";
import { isSignedIn } from "../../../machines/session/session.selectors.ts";
import { Button } from "../../ui/Button.tsx";
import { Money } from "../../ui/Money.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { cn } from "../../ui/cn.ts";
import { useSession } from "../session/index.ts";
import { ProductImage } from "./ProductImage.tsx";
import { listImage, mallQueries } from "./queries.ts";

const choiceClass = (active: boolean, sub = false) =>
  cn(
    "flex w-full items-center justify-between rounded py-1.5 text-left text-sm",
    sub ? "pl-6 pr-3" : "px-3 font-medium",
    active ? "bg-brand text-white" : "text-slate-800 hover:bg-slate-100",
  );

/**
 * The online mall (002 §2, GOODS-001..004, GOODS-021..024), open to visitors: the category tree with
 * counts on the left, a search by name, the products 20 a page. The query lives in the address
 * (`categoryId`, `subCategoryId`, `search`, `page`); a product opens its detail with that query as
 * `back`. Visitors see no prices.
 */
export function MallPage({
  query,
  onQuery,
}: {
  query: GoodsCatalogueQuery;
  onQuery: (next: GoodsCatalogueQuery) => void;
}) {
  const { t } = useLingui();
  const signedIn = useSession(isSignedIn, false);
  const categories = useQuery(mallQueries.categories());
  const list = useQuery(mallQueries.list(query, signedIn));
  const tree = categories.data ?? [];
  const allCount = tree.reduce((sum, c) => sum + c.goodsSize, 0);
  const total = list.data?.total ?? 0;
  const page = query.page ?? 1;
  const back = JSON.stringify(query);

  return (
    <main className="mx-auto w-[1280px] py-8" data-testid="mall">
      <div className="mb-6 flex items-end justify-between gap-6">
        <h1 className="text-2xl font-semibold text-brand">
          <Trans>Online mall</Trans>
        </h1>
        {/* GOODS-003: the search (within the chosen category) */}
        <SearchForm
          id="goods-search"
          label={<Trans>Product name</Trans>}
          formLabel={t`Search goods`}
          initial={query.search ?? ""}
          onSubmit={(search) =>
            onQuery({ categoryId: query.categoryId, subCategoryId: query.subCategoryId, search: search || undefined })
          }
        />
      </div>
      <div className="flex items-start gap-6">
        {/* GOODS-001: the category tree with counts (goodsSize) */}
        <nav aria-label={t`Goods categories`} className="w-60 shrink-0 rounded border border-slate-200 bg-white p-2">
          <ul className="space-y-0.5">
            <li>
              <button
                type="button"
                className={choiceClass(query.categoryId === undefined)}
                aria-current={query.categoryId === undefined ? "true" : undefined}
                onClick={() => onQuery({ search: query.search })}
              >
                <span>
                  <Trans>All goods</Trans>
                </span>
                <span className="tabular-nums">{allCount}</span>
              </button>
            </li>
            {tree.map((main) => {
              const mainActive = main.id === query.categoryId && query.subCategoryId === undefined;
              return (
                <li key={main.id}>
                  <button
                    type="button"
                    className={choiceClass(mainActive)}
                    aria-current={mainActive ? "true" : undefined}
                    onClick={() => onQuery({ categoryId: main.id, search: query.search })}
                  >
                    <span>{main.name}</span>
                    <span className="tabular-nums">{main.goodsSize}</span>
                  </button>
                  <ul className="space-y-0.5">
                    {main.children.map((sub) => {
                      const active = sub.id === query.subCategoryId && main.id === query.categoryId;
                      return (
                        <li key={sub.id}>
                          <button
                            type="button"
                            className={choiceClass(active, true)}
                            aria-current={active ? "true" : undefined}
                            onClick={() =>
                              onQuery({ categoryId: main.id, subCategoryId: sub.id, search: query.search })
                            }
                          >
                            <span>{sub.name}</span>
                            <span className="tabular-nums">{sub.goodsSize}</span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>

        <section aria-label={t`Products`} className="min-w-0 flex-1">
          <p className="mb-3 text-sm text-slate-700" role="status">
            {list.isPending ? (
              <Trans>Loading goods…</Trans>
            ) : (
              <>
                <Plural value={total} one="# product" other="# products" />
                {query.search ? (
                  <>
                    {" "}
                    <Trans>named “{query.search}”</Trans>
                  </>
                ) : null}
              </>
            )}
          </p>
          {list.isError && (
            <p role="alert" className="mb-3 text-sm font-medium text-red-700">
              <Trans>The goods could not be loaded: {list.error.message}</Trans>
            </p>
          )}
          {list.data && list.data.goods.length === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded border border-dashed border-slate-300 bg-white py-16">
              <p className="text-lg font-medium text-slate-800">
                {total > 0 ? <Trans>There are no products on this page</Trans> : <Trans>No products found</Trans>}
              </p>
              <Button variant="outline" onClick={() => onQuery({})}>
                <Trans>Show all goods</Trans>
              </Button>
            </div>
          ) : (
            // GOODS-002: the product grid
            <ul className="grid grid-cols-4 gap-4" aria-label={t`Product grid`}>
              {(list.data?.goods ?? []).map((good) => (
                <li key={good.id}>
                  <Link
                    to="/dressWellDetails"
                    search={{ id: good.id, back }}
                    className="group block h-full overflow-hidden rounded border border-slate-200 bg-white shadow-sm hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
                    data-testid="product-card"
                  >
                    <ProductImage
                      src={listImage(good.previewImage)}
                      alt=""
                      className="aspect-square w-full bg-slate-50 object-cover"
                    />
                    <div className="space-y-1 p-3">
                      <h2 className="text-sm font-medium text-slate-900 group-hover:text-brand">{good.goodName}</h2>
                      <p className="font-mono text-xs text-slate-700">{good.goodSku}</p>
                      {good.price !== undefined && good.currency !== undefined ? (
                        <p className="text-sm font-semibold text-slate-900">
                          <Money amount={good.price} currency={good.currency} />
                        </p>
                      ) : null}
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {/* GOODS-004: the pager, 20 a page (GOODS-023) */}
          <Pagination
            className="mt-6"
            page={page}
            pageCount={Math.ceil(total / GOODS_PAGE_SIZE)}
            onPageChange={(next) => onQuery({ ...query, page: next === 1 ? undefined : next })}
          />
        </section>
      </div>
    </main>
  );
}
