import { useSelector } from "@xstate/react";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import { shellQueries } from "../shell/index.ts";
import {
  isPartOutOfRange,
  MEASURE_METHOD,
  selectHasStandardChoice,
  selectLengthUnit,
  selectOffersPresize,
  selectOffersStandardSizes,
  selectShownParts,
  type MeasurePart,
  type NamedId,
  selectSize,
  isLoadingParts,
  isPresizing,
  isLoadingStandard,
  isLoadingPiece,
  selectShownFinishedSizes,
  selectMeasuredPieces,
  samePieces,
  sameWarnings,
  selectPlausibility,
} from "../../../machines/orderEntry/selectors.ts";
import { PlausibilityNotes } from "../customers/index.ts";
import { Img } from "../../ui/Img.tsx";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { useFieldError } from "./refusalFeedback.ts";

/** Dictionary category 13: measurement methods (QO-079, QO-094). */
const DICT_SIZE_METHODS = 13;

/**
 * QO-039..042, QO-157..160: the method, then one input per part with its range, unit and star; QO-040: the
 * add-products (`addProducts` false: the professional order offers them beside their crafts, the style
 * order's pieces are the style's, SO-016).
 */
export function SizeBodyStep({
  order,
  addProducts = true,
  pieceNames = {},
}: {
  order: OrderEntryRef;
  /** QO-040: the add-product selector (the professional order offers its pieces beside their crafts instead). */
  addProducts?: boolean;
  /** SO-016: a flow's own heading of a further piece (the style order's piece name), by garment category. */
  pieceNames?: Readonly<Record<number, string>>;
}) {
  const { t } = useLingui();
  const methods = useQuery(shellQueries.dictionary(DICT_SIZE_METHODS));
  const size = useSelector(order, selectSize);
  const warnings = useSelector(order, (snap) => selectPlausibility(snap, true), sameWarnings);
  // The unit as the language names it (厘米 / 英寸 in Chinese), not the selector's "cm" / "inch".
  const unit = useSelector(order, selectLengthUnit) === "inch" ? t`inch` : t`cm`;
  // QO-121: the parts the chosen crafts disable are hidden
  const shownParts = useSelector(
    order,
    selectShownParts,
    (a, b) => a.length === b.length && a.every((p, i) => p === b[i]),
  );
  const offersStandard = useSelector(order, selectOffersStandardSizes);
  const hasStandardChoice = useSelector(order, selectHasStandardChoice);
  const offersPresize = useSelector(order, selectOffersPresize);
  const loading = useSelector(order, isLoadingParts);
  // while step 3 loads or pre-calculates, the method waits (the machine takes it only at rest)
  const canChooseMethod = useSelector(order, (s) => s.can({ type: "user.selectMethod", method: MEASURE_METHOD.body }));
  const canReload = useSelector(order, (s) => s.can({ type: "user.reloadMeasurements" }));
  const presizing = useSelector(order, isPresizing);
  const loadingStandard = useSelector(order, isLoadingStandard);
  const loadingPiece = useSelector(order, isLoadingPiece);
  const { standard } = size;
  // QO-040, SO-016: the further pieces measured here (issue 20 §7: not those the first list measures)
  const pieces = useSelector(order, selectMeasuredPieces, samePieces);
  // QO-057: the finished sizes of the pre-calculation, while it holds
  const finished = useSelector(order, selectShownFinishedSizes);
  // QO-097, QO-162 and QO-100: refusals that name the pre-calculation or a standard-size choice
  const presizeError = useFieldError(order, "size.presize");
  const standardError = useFieldError(order, "size.standard");

  return (
    <div className="space-y-6" data-testid="size-body">
      {/* issue 24: the customer book's plausibility warnings (figures and body measurements), never a refusal */}
      <PlausibilityNotes warnings={warnings} testId="order-plausibility" />
      <fieldset>
        <legend className="mb-3 text-lg font-semibold text-brand">
          <Trans>Measurement method</Trans>
        </legend>
        <div role="radiogroup" className="flex gap-6 text-sm">
          {(methods.data ?? []).map((m) => (
            <label key={m.id} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="qo-method"
                checked={size.method === m.id}
                disabled={!canChooseMethod}
                onChange={() => order.send({ type: "user.selectMethod", method: m.id })}
              />
              {m.name}
            </label>
          ))}
        </div>
      </fieldset>
      {loading && (
        <p aria-busy="true" className="text-slate-600">
          <Trans>Loading measurements…</Trans>
        </p>
      )}
      {/* A failed load leaves the method chosen: the same method is asked for again from here */}
      {canReload && (
        <button
          type="button"
          className="rounded border border-brand px-4 py-1.5 text-sm font-semibold text-brand"
          onClick={() => order.send({ type: "user.reloadMeasurements" })}
        >
          <Trans>Load the measurements again</Trans>
        </button>
      )}
      {offersStandard && !loading && (
        // QO-100: size area and shape buttons, then the sizes of both; the chosen size fills the measurements below
        <div
          className="space-y-4"
          data-field="size.standard"
          aria-describedby={standardError ? "qo-size-standard-error" : undefined}
        >
          {standardError && (
            <span id="qo-size-standard-error" className="block text-xs font-medium text-red-700">
              {standardError}
            </span>
          )}
          <ChoiceButtons
            legend={t`Size area`}
            options={standard.choices.sizeAreas}
            chosen={standard.areaId}
            onChoose={(id) => order.send({ type: "user.selectSizeArea", sizeAreaId: id })}
          />
          <ChoiceButtons
            legend={t`Shape`}
            options={standard.choices.shapes}
            chosen={standard.shape}
            onChoose={(id) => order.send({ type: "user.selectShape", shape: id })}
          />
          {loadingStandard && (
            <p aria-busy="true" className="text-slate-600">
              <Trans>Loading sizes…</Trans>
            </p>
          )}
          {hasStandardChoice &&
            !loadingStandard &&
            (standard.sizes.length === 0 ? (
              <p className="text-sm text-slate-700">
                <Trans>No standard sizes for this size area and shape.</Trans>
              </p>
            ) : (
              <ChoiceButtons
                legend={t`Standard size`}
                options={standard.sizes}
                chosen={standard.sizeId}
                onChoose={(id) => order.send({ type: "user.pickStandardSize", sizeId: id })}
              />
            ))}
        </div>
      )}
      <PartInputs
        label={{ "aria-label": t`Measurements` }}
        parts={shownParts}
        values={size.values}
        finished={finished}
        unit={unit}
        order={order}
      />
      {addProducts && size.addable.length > 0 && (
        // QO-040: the add-products the category offers (e.g. extra trousers with a suit)
        <fieldset aria-busy={loadingPiece || undefined}>
          <legend className="mb-2 text-sm font-semibold text-slate-800">
            <Trans>Add product</Trans>
          </legend>
          <div className="flex flex-wrap gap-6 text-sm">
            {size.addable.map((product) => (
              <label key={product.id} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={size.pieces.some((p) => p.categoryId === product.id)}
                  disabled={loadingPiece}
                  onChange={() => order.send({ type: "user.toggleAddProduct", categoryId: product.id })}
                />
                {product.name}
              </label>
            ))}
          </div>
          {loadingPiece && (
            <p aria-busy="true" className="mt-2 text-sm text-slate-600">
              <Trans>Loading the add-product's measurements…</Trans>
            </p>
          )}
        </fieldset>
      )}
      {pieces.map((piece) => (
        // QO-040: each chosen add-product's own measurements, with the same inputs as the main piece's
        <section key={piece.categoryId} aria-labelledby={`qo-piece-${piece.categoryId}-title`} className="space-y-3">
          <h3 id={`qo-piece-${piece.categoryId}-title`} className="text-lg font-semibold text-brand">
            {pieceNames[piece.categoryId] ?? piece.name}
          </h3>
          <PartInputs
            label={{ "aria-labelledby": `qo-piece-${piece.categoryId}-title` }}
            parts={piece.parts}
            values={size.values}
            finished={finished}
            unit={unit}
            order={order}
          />
        </section>
      ))}
      {size.postures.length > 0 && (
        // QO-042, QO-096: one choice per body-posture spec, preselected with the customer's (or the normal) one
        <section aria-labelledby="qo-posture-title" className="space-y-4">
          <h3 id="qo-posture-title" className="text-lg font-semibold text-brand">
            <Trans>Body posture</Trans>
          </h3>
          {size.postures.map((spec) => (
            <fieldset key={spec.id}>
              <legend className="mb-2 text-sm font-semibold text-slate-800">{spec.name}</legend>
              <div role="radiogroup" aria-label={spec.name} className="grid grid-cols-4 gap-3">
                {spec.details.map((detail) => {
                  const checked = size.bodyTypes.includes(detail.id);
                  return (
                    <label
                      key={detail.id}
                      className={`flex cursor-pointer flex-col items-center gap-1 rounded border p-2 text-center text-sm ${checked ? "border-brand bg-brand/5" : "border-slate-300"}`}
                    >
                      <Img src={detail.imagePath} alt="" className="h-20 w-20 object-contain" />
                      <span className="flex items-center gap-1.5 font-medium text-slate-900">
                        <input
                          type="radio"
                          name={`qo-posture-${spec.id}`}
                          checked={checked}
                          aria-describedby={`qo-posture-${detail.id}-text`}
                          onChange={() => order.send({ type: "user.pickPosture", detailId: detail.id })}
                        />
                        {detail.name}
                      </span>
                      <span id={`qo-posture-${detail.id}-text`} className="text-xs text-slate-700">
                        {detail.description}
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </section>
      )}
      {offersPresize && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            disabled={presizing}
            data-field="size.presize"
            aria-describedby={presizeError ? "qo-presize-error" : undefined}
            className={`rounded border px-4 py-2 text-sm font-semibold disabled:opacity-60 ${presizeError ? "border-red-600 bg-red-50 text-red-800" : "border-brand text-brand"}`}
            onClick={() => order.send({ type: "user.presize" })}
          >
            <Trans>Calculate finished sizes</Trans>
          </button>
          {presizeError && (
            <span id="qo-presize-error" className="w-full text-xs font-medium text-red-700">
              {presizeError}
            </span>
          )}
          {size.presized && (
            <span className="text-sm text-green-800" role="status">
              <Trans>Finished sizes calculated</Trans>
            </span>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * QO-041, QO-157..160: one input per part with its unit, its range below (red when out of range,
 * QO-148) and a star when required; the main piece and each add-product (QO-040) use it. QO-057:
 * after the pre-calculation each body measurement shows the finished size computed from it.
 */
function PartInputs({
  label,
  parts,
  values,
  finished,
  unit,
  order,
}: {
  label: { "aria-label": string } | { "aria-labelledby": string };
  parts: readonly MeasurePart[];
  values: Readonly<Record<number, string>>;
  finished: Readonly<Record<number, string>> | null;
  unit: string;
  order: OrderEntryRef;
}) {
  return (
    <ul className="grid grid-cols-3 gap-4" {...label}>
      {parts.map((part) => (
        <li key={part.id}>
          <PartInput part={part} raw={values[part.id] ?? ""} finished={finished?.[part.id]} unit={unit} order={order} />
        </li>
      ))}
    </ul>
  );
}

function PartInput({
  part,
  raw,
  finished,
  unit,
  order,
}: {
  part: MeasurePart;
  raw: string;
  finished: string | undefined;
  unit: string;
  order: OrderEntryRef;
}) {
  const { t } = useLingui();
  // QO-147, QO-148: the refusal that names this part
  const error = useFieldError(order, `measurement.${part.id}`);
  return (
    <Field
      id={`qo-part-${part.id}`}
      name={`measurement.${part.id}`}
      label={part.name}
      required={part.isMust === 1}
      error={error}
      outOfRange={isPartOutOfRange(part, raw)}
      hint={`${part.minValue} – ${part.maxValue}`}
    >
      {(control, invalid) => (
        <div className="flex items-center gap-2">
          <input
            {...control}
            inputMode="decimal"
            className={controlVariants({ invalid })}
            value={raw}
            onChange={(e) => order.send({ type: "user.setMeasure", partId: part.id, value: e.target.value })}
          />
          <span className="text-sm text-slate-700">{unit}</span>
          {finished !== undefined && (
            <span
              className="whitespace-nowrap rounded bg-green-50 px-1.5 py-0.5 text-xs font-medium text-green-900"
              title={t`Finished size`}
              data-testid="finished-size"
            >
              <Trans>Finished {finished}</Trans>
            </span>
          )}
        </div>
      )}
    </Field>
  );
}

/** A row of toggle buttons, one of which is chosen (size areas, shapes, standard sizes). */
function ChoiceButtons({
  legend,
  options,
  chosen,
  onChoose,
}: {
  legend: string;
  options: readonly NamedId[];
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option.id}
            type="button"
            aria-pressed={chosen === option.id}
            onClick={() => onChoose(option.id)}
            className={`min-w-12 rounded border px-3 py-1.5 text-sm ${chosen === option.id ? "border-brand bg-brand text-white" : "border-slate-400 text-slate-800"}`}
          >
            {option.name}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
