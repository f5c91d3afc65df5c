import { useSelector } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Modal } from "../../ui/Dialog.tsx";
import { Button } from "../../ui/Button.tsx";
import { Money } from "../../ui/Money.tsx";
import { Select } from "../../ui/Select.tsx";
import { calculatorActor } from "./calculator.ts";
import {
  CALCULATOR_ORDER_TYPES,
  isCalculating,
  isCalculatorOpen,
  selectCalculatorForm,
} from "../../../machines/calculator/calculator.selectors.ts";
import { noticeText } from "../session/index.ts";

const fieldClass = "w-full rounded border border-slate-400 bg-white px-3 py-2 text-sm";

/** SHELL-092..097: the price calculator modal (width 480). */
export function CalculatorModal() {
  const { t } = useLingui();
  const open = useSelector(calculatorActor, isCalculatorOpen);
  const ctx = useSelector(calculatorActor, selectCalculatorForm);
  const pending = useSelector(calculatorActor, isCalculating);
  const orderTypeName = { 7: t`Simple Order`, 8: t`Professional Order` } as const;

  return (
    <Modal
      open={open}
      onClose={() => calculatorActor.send({ type: "user.close" })}
      title={t`Price calculator`}
      width={480}
      testId="calculator-modal"
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          calculatorActor.send({ type: "user.calculate" });
        }}
      >
        <div>
          <label htmlFor="calc-order-type" className="mb-1 block text-sm font-medium">
            <Trans>Order method</Trans>
          </label>
          <Select
            id="calc-order-type"
            value={ctx.orderType === null ? undefined : String(ctx.orderType)}
            placeholder={t`Select`}
            options={CALCULATOR_ORDER_TYPES.map((id) => ({ value: String(id), label: orderTypeName[id] }))}
            onValueChange={(value) =>
              calculatorActor.send({ type: "user.selectOrderType", orderType: Number(value) as 7 | 8 })
            }
          />
        </div>
        <div>
          <label htmlFor="calc-category" className="mb-1 block text-sm font-medium">
            <Trans>Category</Trans>
          </label>
          <Select
            id="calc-category"
            value={ctx.categoryId === null ? undefined : String(ctx.categoryId)}
            placeholder={t`Select`}
            disabled={ctx.categories.length === 0}
            options={ctx.categories.map((c) => ({ value: String(c.id), label: c.name }))}
            onValueChange={(value) => calculatorActor.send({ type: "user.selectCategory", categoryId: Number(value) })}
          />
        </div>
        <div>
          <label htmlFor="calc-lining" className="mb-1 block text-sm font-medium">
            <Trans>Lining type</Trans>
          </label>
          <Select
            id="calc-lining"
            value={ctx.liningCode ?? undefined}
            placeholder={t`Select`}
            disabled={ctx.linings.length === 0}
            options={ctx.linings.map((l) => ({ value: l.code, label: l.name }))}
            onValueChange={(liningCode) => calculatorActor.send({ type: "user.selectLining", liningCode })}
          />
        </div>
        <div>
          <label htmlFor="calc-fabric" className="mb-1 block text-sm font-medium">
            <Trans>Fabric number</Trans>
          </label>
          <input
            id="calc-fabric"
            className={fieldClass}
            value={ctx.fabricCode}
            autoComplete="off"
            onChange={(e) => calculatorActor.send({ type: "user.changeFabric", fabricCode: e.target.value })}
          />
        </div>
        {ctx.error && (
          <p role="alert" className="text-sm text-red-700">
            {noticeText(ctx.error)}
          </p>
        )}
        <div className="flex items-baseline justify-between rounded bg-slate-50 px-4 py-3">
          <span className="text-sm text-slate-700">
            <Trans>Price</Trans>
          </span>
          <output data-testid="calc-price" aria-live="polite" className="text-2xl font-semibold text-brand">
            {/* SHELL-095: "0.00" (no currency yet) before calculating; SHELL-097: then the price with its moneyType */}
            <Money amount={ctx.price} currency={ctx.moneyType} />
          </output>
        </div>
        <p className="text-xs text-slate-600">
          <Trans>The price is for reference only; the final price is set when the order is submitted.</Trans>
        </p>
        <Button type="submit" pending={pending} block className="py-2.5 text-base">
          <Trans>Calculate</Trans>
        </Button>
      </form>
    </Modal>
  );
}
