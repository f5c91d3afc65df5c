import type { ButtonHTMLAttributes, MouseEvent, MouseEventHandler, Ref } from "react";
import { Slot } from "radix-ui";
import type { VariantProps } from "class-variance-authority";
import { cn } from "./cn.ts";
import { buttonVariants } from "./buttonVariants.ts";

export { buttonVariants };

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child (a Link, an `a`) with the button's look instead of a `button`. */
    asChild?: boolean;
    ref?: Ref<HTMLButtonElement>;
    /**
     * The button's own action is running: it ignores presses and says it is unavailable (`aria-disabled`,
     * looking disabled), but keeps the keyboard's focus. A `disabled` button drops the focus to the page
     * (Chromium), so after a refused Save a keyboard user started again from the top; while pending it
     * stays where the user pressed it. (`disabled` remains for a button that may not be pressed at all.)
     */
    pending?: boolean;
  };

/**
 * What a pending control (`ButtonProps`' `pending`) puts on its element: `aria-disabled`, and a press that does
 * nothing, not even a form's submission. For the controls that cannot be a `Button` (a switch of its own look).
 */
export function pendingPress<E extends Element>(pending: boolean, onClick?: MouseEventHandler<E>) {
  return {
    "aria-disabled": pending || undefined,
    onClick: pending ? (event: MouseEvent<E>) => event.preventDefault() : onClick,
  };
}

/**
 * A button; `type` defaults to "button" so a button in a form never submits by accident. Only a
 * `className` that may override the variant's classes goes through `cn` (tailwind-merge).
 */
export function Button({
  className,
  variant,
  size,
  block,
  asChild = false,
  type,
  pending = false,
  onClick,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      type={asChild ? undefined : (type ?? "button")}
      className={
        className ? cn(buttonVariants({ variant, size, block }), className) : buttonVariants({ variant, size, block })
      }
      // a press while pending does nothing: not the action, nor a form's submission (implicit ones included)
      {...pendingPress(pending, onClick)}
      {...props}
    />
  );
}
