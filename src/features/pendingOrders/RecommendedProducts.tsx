import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { buttonVariants } from "../../ui/Button.tsx";
import { Img } from "../../ui/Img.tsx";
import { pendingQueries } from "./queries.ts";
import { recommendedRoute } from "../cart/index.ts";

/** CART-008, CART-023, CART-051: recommended products with picture and name, and go-to-order. */
export function RecommendedProducts() {
  const { t } = useLingui();
  const recommended = useQuery(pendingQueries.recommended());
  if (!recommended.data?.length) return null;
  return (
    <section aria-labelledby="pending-recommended" className="mt-10">
      <h2 id="pending-recommended" className="mb-4 text-lg font-semibold text-brand">
        <Trans>Recommended products</Trans>
      </h2>
      <ul aria-label={t`Recommended products`} className="grid grid-cols-6 gap-4">
        {recommended.data.map((product) => (
          <li
            key={product.id}
            className="flex flex-col overflow-hidden rounded border border-slate-200 bg-white shadow-sm"
            data-testid="recommended-product"
          >
            <Img src={product.picture} alt="" className="aspect-[3/4] w-full bg-slate-50 object-contain p-2" />
            <div className="flex flex-1 flex-col gap-2 p-3">
              <h3 className="text-sm font-medium text-slate-900">{product.name}</h3>
              <Link
                to={recommendedRoute(product.type)}
                search={{ id: product.categoryId }}
                className={buttonVariants({ variant: "secondary", size: "sm" })}
                aria-label={t`Go to order: ${product.name}`}
              >
                <Trans>Go to order</Trans>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
