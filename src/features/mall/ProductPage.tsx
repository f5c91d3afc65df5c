import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  GOODS_QUANTITY_MAX,
  GOODS_QUANTITY_MIN,
  goodsChoiceRefusal,
  parseGoodsBack,
  splitGoodsList,
  type GoodsChoiceRefusal,
} from "./goodsRules.ts";
import { isSignedIn } from "../../../machines/session/session.selectors.ts";
import { isApiError } from "../../api/errors.ts";
import { idempotencyKeys } from "../../api/idempotency.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { controlVariants } from "../../ui/Field.tsx";
import { Money } from "../../ui/Money.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { cn } from "../../ui/cn.ts";
import { toasts } from "../../ui/toast.ts";
import { sendToSession, useSession } from "../session/index.ts";
import { ProductImage } from "./ProductImage.tsx";
import { addToCart, buyNow, listImage, mallQueries } from "./queries.ts";

/** What the detail page's address holds: the product, the catalogue query to go back to, and the choices. */
export interface ProductSearch {
  id?: number;
  back?: string;
  color?: string;
  size?: string;
  qty?: number;
}

const optionClass = (active: boolean) =>
  cn(
    "rounded border px-3 py-1.5 text-sm",
    active ? "border-brand bg-brand text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand",
  );

/**
 * The product detail (002 §2, GOODS-005..008, GOODS-011..013, GOODS-019..022), open to visitors: the
 * pictures, colours, sizes and quantity (kept in the address, so a visitor asked to sign in comes back
 * to the same choices), the texts (sanitised), Buy now and Add to cart. The rules are domain/goods.ts,
 * as the server checks them.
 */
export function ProductPage({
  search,
  onChoose,
}: {
  search: ProductSearch;
  onChoose: (choice: Pick<ProductSearch, "color" | "size" | "qty">) => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSession(isSignedIn, false);
  const id = search.id ?? 0;
  const product = useQuery({ ...mallQueries.detail(id, signedIn), enabled: id > 0 });
  const [shown, setShown] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<"buy" | "cart" | null>(null);
  const [bought, setBought] = useState<{ orderCode: string } | null>(null);
  const keys = useRef(idempotencyKeys());

  // GOODS-022: a `back` that is not the catalogue's query is only logged; the link goes to the catalogue.
  const backQuery = parseGoodsBack(search.back);
  useEffect(() => {
    if (search.back !== undefined && backQuery === null)
      console.warn("dressWellDetails: the back parameter is not a catalogue query; it is ignored");
  }, [search.back, backQuery]);
  const backSearch = backQuery ?? {};

  const color = search.color ?? "";
  const size = search.size ?? "";
  const quantity = search.qty ?? 1;
  const choose = (patch: Partial<Pick<ProductSearch, "color" | "size" | "qty">>) => {
    setRefusal(null);
    onChoose({ color: search.color, size: search.size, qty: search.qty, ...patch });
  };

  const refusalText = (r: GoodsChoiceRefusal): string => {
    switch (r.rule) {
      case "chooseColour":
        return t`please choose colour`;
      case "chooseSize":
        return t`please choose size`;
      case "colourNotOffered":
        return t`This product does not come in colour ${r.value}`;
      case "sizeNotOffered":
        return t`This product does not come in size ${r.value}`;
      case "quantityRange":
        return t`The quantity must be ${r.min} to ${r.max}`;
    }
  };

  if (id <= 0 || product.isError)
    return (
      <main className="mx-auto w-[1280px] py-8" data-testid="product">
        <h1 className="mb-4 text-2xl font-semibold text-brand">
          <Trans>Product not found</Trans>
        </h1>
        <p role="alert" className="mb-4 text-slate-800">
          {product.error?.message ?? <Trans>This product does not exist.</Trans>}
        </p>
        <Link to="/dressWell" search={backSearch} className="text-brand underline">
          <Trans>Back to the online mall</Trans>
        </Link>
      </main>
    );
  if (!product.data)
    return (
      <main className="mx-auto w-[1280px] py-8" data-testid="product">
        <p role="status">
          <Trans>Loading the product…</Trans>
        </p>
      </main>
    );

  const good = product.data;
  const colors = splitGoodsList(good.colors);
  const specs = splitGoodsList(good.specs);
  const images = splitGoodsList(good.images);
  const stockLeft = good.stock.find((s) => s.color === color && s.spec === size)?.quantity;
  const purchase = { id: good.id, colors: color, specs: size, quantity };

  /** The choice checked as the server will check it; a refusal is shown and nothing is sent. */
  const checked = () => {
    const problem = goodsChoiceRefusal(good, { color, spec: size, quantity });
    if (!problem) return true;
    const text = refusalText(problem);
    setRefusal(text);
    toasts.show("error", text);
    return false;
  };
  /** GOODS-006: a visitor is asked to sign in; the choices stay in the address for the way back. */
  const needsSignIn = () => {
    if (signedIn) return false;
    onChoose({ color: search.color, size: search.size, qty: search.qty });
    sendToSession({ type: "user.openLogin", reason: "pleaseLogIn" });
    return true;
  };

  const onBuy = async () => {
    if (needsSignIn() || !checked()) return;
    setBusy("buy");
    try {
      const order = await buyNow(purchase, keys.current.keyFor(purchase));
      keys.current.settle();
      setBought({ orderCode: order?.orderCode ?? "" });
      void queryClient.invalidateQueries({ queryKey: ["goodsDetail", good.id] });
    } catch (error) {
      if (isApiError(error)) keys.current.settle();
      const text = isApiError(error) && error.message ? error.message : t`The purchase failed. Try again.`;
      setRefusal(text);
      toasts.show("error", text);
    } finally {
      setBusy(null);
    }
  };

  const onAddToCart = async () => {
    if (needsSignIn() || !checked()) return;
    setBusy("cart");
    try {
      await addToCart(purchase);
      // GOODS-019
      toasts.show("success", t`added to cart`);
    } catch (error) {
      // GOODS-020
      const reason = isApiError(error) && error.message ? error.message : "";
      toasts.show("error", reason ? t`failed to add to cart: ${reason}` : t`failed to add to cart`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <main className="mx-auto w-[1280px] py-8" data-testid="product">
      <nav aria-label={t`Breadcrumb`} className="mb-4 text-sm">
        <Link to="/dressWell" search={backSearch} className="text-brand underline">
          <Trans>Back to the online mall</Trans>
        </Link>
        <span className="text-slate-700"> / {good.categoryName}</span>
      </nav>
      <div className="flex items-start gap-10">
        {/* GOODS-005: the pictures */}
        <section aria-label={t`Pictures`} className="w-[480px] shrink-0">
          <ProductImage
            key={images[shown]}
            src={listImage(images[shown] ?? good.previewImage)}
            alt={t`${good.goodName}, picture ${shown + 1} of ${images.length}`}
            className="aspect-square w-full rounded border border-slate-200 bg-slate-50 object-cover"
          />
          <ul className="mt-3 flex gap-2">
            {images.map((src, k) => (
              <li key={src}>
                <button
                  type="button"
                  onClick={() => setShown(k)}
                  aria-label={t`Show picture ${k + 1}`}
                  aria-pressed={k === shown}
                  className={cn("block rounded border-2", k === shown ? "border-brand" : "border-transparent")}
                >
                  <ProductImage src={listImage(src)} alt="" className="h-16 w-16 rounded object-cover" />
                </button>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="product-name" className="min-w-0 flex-1">
          <h1 id="product-name" className="text-2xl font-semibold text-slate-900">
            {good.goodName}
          </h1>
          <p className="mb-4 font-mono text-sm text-slate-700">{good.goodSku}</p>
          <p className="mb-6 text-xl font-semibold text-slate-900" data-testid="product-price">
            {good.price !== undefined && good.currency !== undefined ? (
              <Money amount={good.price} currency={good.currency} />
            ) : (
              <span className="text-base font-normal text-slate-700">
                <Trans>Sign in to see your price.</Trans>
              </span>
            )}
          </p>

          {colors.length > 0 && (
            <fieldset className="mb-4">
              <legend className="mb-2 text-sm font-medium text-slate-800">
                <Trans>Colour</Trans>
              </legend>
              <div className="flex flex-wrap gap-2">
                {colors.map((c) => (
                  <button
                    key={c}
                    type="button"
                    aria-pressed={c === color}
                    className={optionClass(c === color)}
                    onClick={() => choose({ color: c })}
                  >
                    {c}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          {specs.length > 0 && (
            <fieldset className="mb-4">
              <legend className="mb-2 text-sm font-medium text-slate-800">
                <Trans>Size</Trans>
              </legend>
              <div className="flex flex-wrap gap-2">
                {specs.map((s) => (
                  <button
                    key={s}
                    type="button"
                    aria-pressed={s === size}
                    className={optionClass(s === size)}
                    onClick={() => choose({ size: s })}
                  >
                    {s}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          <div className="mb-2 flex items-end gap-4">
            <div>
              <label htmlFor="goods-quantity" className="mb-1 block text-sm font-medium text-slate-800">
                <Trans>Quantity</Trans>
              </label>
              <input
                id="goods-quantity"
                type="number"
                min={GOODS_QUANTITY_MIN}
                max={GOODS_QUANTITY_MAX}
                step={1}
                value={quantity}
                onChange={(e) => choose({ qty: e.target.value === "" ? 0 : Math.trunc(Number(e.target.value)) })}
                className={cn(controlVariants({ width: "auto" }), "w-28")}
              />
            </div>
            <p className="pb-2 text-sm text-slate-700" data-testid="product-stock">
              {stockLeft === undefined ? null : stockLeft > 0 ? (
                <Trans>{stockLeft} in stock</Trans>
              ) : (
                <Trans>Out of stock</Trans>
              )}
            </p>
          </div>
          <p role="alert" className="mb-4 min-h-5 text-sm font-medium text-red-700" data-testid="product-refusal">
            {refusal}
          </p>
          {/* GOODS-006 */}
          <div className="mb-8 flex gap-3">
            <Button onClick={() => void onBuy()} pending={busy !== null}>
              <Trans>Buy now</Trans>
            </Button>
            <Button variant="outline" onClick={() => void onAddToCart()} pending={busy !== null}>
              <Trans>Add to cart</Trans>
            </Button>
          </div>

          <h2 className="mb-2 text-lg font-semibold text-slate-900">
            <Trans>Properties</Trans>
          </h2>
          <SafeHtml html={good.property} className="prose mb-6 text-sm" label={t`Properties`} />
          <h2 className="mb-2 text-lg font-semibold text-slate-900">
            <Trans>Details</Trans>
          </h2>
          <SafeHtml html={good.goodDetail} className="prose text-sm" label={t`Details`} />
        </section>
      </div>

      {/* GOODS-007, GOODS-008: after Buy now */}
      <Modal
        open={bought !== null}
        onClose={() => setBought(null)}
        width={480}
        title={<Trans>Purchase complete</Trans>}
        testId="bought-dialog"
        footer={
          <>
            <Button variant="outline" onClick={() => void navigate({ to: "/dressWell", search: backSearch })}>
              <Trans>Continue purchasing</Trans>
            </Button>
            <Button onClick={() => void navigate({ to: "/underProduction" })}>
              <Trans>Go to order list</Trans>
            </Button>
          </>
        }
      >
        <p className="text-slate-800">
          <Trans>Order {bought?.orderCode} is paid and on its way to production.</Trans>
        </p>
      </Modal>
    </main>
  );
}
