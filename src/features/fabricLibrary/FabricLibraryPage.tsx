import { useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { FABRIC_LIBRARY_PAGE_SIZE } from "./queries.ts";
import { isSignedIn } from "../../../machines/session/session.selectors.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { controlVariants } from "../../ui/Field.tsx";
import { FilterModal, useFilterSwitch } from "../../ui/list/index.ts";
import { Money } from "../../ui/Money.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { Select } from "../../ui/Select.tsx";
import { cn } from "../../ui/cn.ts";
import { useSession } from "../session/index.ts";
import { fabricLibraryQueries, type FabricLibrarySearch } from "./queries.ts";

interface LibraryFabric {
  id: number;
  fabricCode: string;
  fabricProName: string;
  imagePath: string;
  ck: number;
  colorTypeName: string;
  flowerPatternName: string;
  price?: string;
  moneyType?: string;
}

/** FAB-006: a swatch that shows the "no fabric" placeholder when it fails to load (or has no picture). */
function Swatch({ fabric, className }: { fabric: LibraryFabric; className?: string }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  if (failed || fabric.imagePath === "")
    return (
      <div
        className={cn("flex items-center justify-center bg-slate-100 text-xs text-slate-700", className)}
        data-testid="no-fabric"
        role="img"
        aria-label={t`No fabric picture for ${fabric.fabricCode}`}
      >
        <Trans>No fabric</Trans>
      </div>
    );
  return (
    <img
      src={fabric.imagePath}
      alt={t`Fabric ${fabric.fabricCode}`}
      loading="lazy"
      className={cn("bg-slate-50 object-cover", className)}
      onError={() => setFailed(true)}
    />
  );
}

/**
 * The fabric library (001 §2, FAB-001..009), open to visitors: a search by fabric code, a filter by
 * product (garment) category, the fabrics ten to a row and 50 to a page, and a preview with the stock.
 * A visitor sees no prices; a signed-in account sees its own, and can start a quick order with the fabric.
 * What is shown lives in the address.
 */
export function FabricLibraryPage({
  search,
  onSearch,
}: {
  search: FabricLibrarySearch;
  onSearch: (next: FabricLibrarySearch) => void;
}) {
  const { t } = useLingui();
  const signedIn = useSession(isSignedIn, false);
  const library = useQuery(fabricLibraryQueries.page(search, signedIn));
  const categories = useQuery(fabricLibraryQueries.categories());
  const filterSwitch = useFilterSwitch();
  const [preview, setPreview] = useState<LibraryFabric | null>(null);
  const page = search.page ?? 1;
  const total = library.data?.total ?? 0;
  const categoryName = categories.data?.find((c) => c.id === search.category)?.name;

  return (
    <main className="mx-auto w-[1360px] py-8" data-testid="fabric-library">
      <div className="mb-6 flex items-end justify-between gap-6">
        <h1 className="text-2xl font-semibold text-brand">
          <Trans>Fabric library</Trans>
        </h1>
        <div className="flex items-end gap-3">
          {/* FAB-001: the search by fabric code */}
          <CodeSearch
            key={search.code ?? ""}
            initial={search.code ?? ""}
            onSubmit={(code) => onSearch({ category: search.category, code: code || undefined })}
          />
          {/* FAB-002: the filter modal by product category */}
          <Button variant="outline" onClick={() => filterSwitch.set(true)} data-testid="fabric-filter">
            {search.category === undefined ? <Trans>Filter</Trans> : <Trans>Filter (1)</Trans>}
          </Button>
        </div>
      </div>

      <p className="mb-3 text-sm text-slate-700" role="status">
        {library.isPending ? (
          <Trans>Loading fabrics…</Trans>
        ) : (
          <>
            <Plural value={total} one="# fabric" other="# fabrics" />
            {categoryName ? (
              <>
                {" "}
                <Trans>for {categoryName}</Trans>
              </>
            ) : null}
            {search.code ? (
              <>
                {" "}
                <Trans>with code “{search.code}”</Trans>
              </>
            ) : null}
          </>
        )}
      </p>
      {library.isError && (
        <p role="alert" className="mb-3 text-sm font-medium text-red-700">
          <Trans>The fabrics could not be loaded: {library.error.message}</Trans>
        </p>
      )}

      {library.data && library.data.fabrics.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded border border-dashed border-slate-300 bg-white py-16">
          <p className="text-lg font-medium text-slate-800">
            <Trans>No fabrics found</Trans>
          </p>
          <Button variant="outline" onClick={() => onSearch({})}>
            <Trans>Show all fabrics</Trans>
          </Button>
        </div>
      ) : (
        // FAB-003: ten cards a row
        <ul aria-label={t`Fabrics`} className="grid grid-cols-10 gap-3" data-testid="fabric-grid">
          {(library.data?.fabrics ?? []).map((fabric) => (
            <li key={fabric.id}>
              <button
                type="button"
                onClick={() => setPreview(fabric)}
                className="group block w-full overflow-hidden rounded border border-slate-200 bg-white text-left shadow-sm hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
                data-testid="fabric-card"
              >
                <Swatch fabric={fabric} className="aspect-square w-full" />
                <span className="block p-2">
                  <span className="block font-mono text-xs font-semibold text-slate-900">{fabric.fabricCode}</span>
                  {fabric.price !== undefined && fabric.moneyType !== undefined ? (
                    <span className="block text-xs text-slate-800">
                      <Money amount={fabric.price} currency={fabric.moneyType} />
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* FAB-004: paging, 50 a page (FAB-009) */}
      <Pagination
        className="mt-6"
        page={page}
        pageCount={Math.ceil(total / FABRIC_LIBRARY_PAGE_SIZE)}
        onPageChange={(next) => onSearch({ ...search, page: next === 1 ? undefined : next })}
      />

      <FilterModal<{ category?: number }>
        filterSwitch={filterSwitch}
        title={<Trans>Filter fabrics</Trans>}
        testId="fabric-filter-modal"
        initial={{ category: search.category }}
        onApply={(filter) => onSearch({ category: filter.category, code: search.code })}
      >
        {(filter, set) => (
          <div>
            <label htmlFor="fabric-category" className="mb-1 block text-sm font-medium text-slate-800">
              <Trans>Product category</Trans>
            </label>
            <Select
              id="fabric-category"
              value={filter.category === undefined ? undefined : String(filter.category)}
              onValueChange={(value) => set({ category: Number(value) })}
              options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              placeholder={t`All categories`}
            />
          </div>
        )}
      </FilterModal>

      {preview && <FabricPreview fabric={preview} signedIn={signedIn} onClose={() => setPreview(null)} />}
    </main>
  );
}

/** FAB-005: the preview of a fabric with its stock; a signed-in account can start a quick order with it. */
function FabricPreview({
  fabric,
  signedIn,
  onClose,
}: {
  fabric: LibraryFabric;
  signedIn: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const fresh = useQuery({ ...fabricLibraryQueries.stock(fabric.fabricCode), enabled: signedIn });
  // FAB-007: the page's `ck` is the stock; a signed-in account's preview reads it again (getFabricStock)
  const stock = fresh.data ?? { stock: fabric.ck, inStock: fabric.ck > 0 };
  return (
    <Modal open onClose={onClose} width={480} title={fabric.fabricCode} testId="fabric-preview">
      <Swatch fabric={fabric} className="mb-4 h-60 w-full rounded" />
      <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
        <dt className="text-slate-700">
          <Trans>Composition</Trans>
        </dt>
        <dd className="text-slate-900">{fabric.fabricProName}</dd>
        <dt className="text-slate-700">
          <Trans>Colour</Trans>
        </dt>
        <dd className="text-slate-900">{fabric.colorTypeName}</dd>
        <dt className="text-slate-700">
          <Trans>Pattern</Trans>
        </dt>
        <dd className="text-slate-900">{fabric.flowerPatternName}</dd>
        <dt className="text-slate-700">
          <Trans>Stock</Trans>
        </dt>
        <dd className="text-slate-900" data-testid="fabric-stock">
          {stock.inStock ? <Trans>{stock.stock} m in stock</Trans> : <Trans>Currently out of stock</Trans>}
        </dd>
        {fabric.price !== undefined && fabric.moneyType !== undefined ? (
          <>
            <dt className="text-slate-700">
              <Trans>Price per metre</Trans>
            </dt>
            <dd className="text-slate-900">
              <Money amount={fabric.price} currency={fabric.moneyType} />
            </dd>
          </>
        ) : null}
      </dl>
      {signedIn ? (
        <div className="mt-6 flex justify-end">
          <Button onClick={() => void navigate({ to: "/quickOrder", search: { fabric: fabric.fabricCode } })}>
            <Trans>Quick order with this fabric</Trans>
          </Button>
        </div>
      ) : (
        <p className="mt-6 text-sm text-slate-700">
          <Trans>Sign in to see prices and order with this fabric.</Trans>
        </p>
      )}
    </Modal>
  );
}

/** FAB-001: the search by fabric code; a new search starts at page 1. */
function CodeSearch({ initial, onSubmit }: { initial: string; onSubmit: (code: string) => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  return (
    <form role="search" aria-label={t`Search fabrics`} className="flex items-end gap-2" onSubmit={submit}>
      <div>
        <label htmlFor="fabric-code" className="mb-1 block text-sm font-medium text-slate-800">
          <Trans>Fabric code</Trans>
        </label>
        <input
          id="fabric-code"
          type="search"
          value={code}
          maxLength={32}
          onChange={(e) => setCode(e.target.value)}
          className={cn(controlVariants({ width: "auto" }), "w-56")}
        />
      </div>
      <Button type="submit">
        <Trans>Search</Trans>
      </Button>
    </form>
  );
}
