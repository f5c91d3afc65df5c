import type { ButtonHTMLAttributes, Ref } from "react";
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
  };

/**
 * A button; `type` defaults to "button" so a button in a form never submits by accident. Only a
 * `className` that may override the variant's classes goes through `cn` (tailwind-merge).
 */
export function Button({ className, variant, size, block, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      type={asChild ? undefined : (type ?? "button")}
      className={
        className ? cn(buttonVariants({ variant, size, block }), className) : buttonVariants({ variant, size, block })
      }
      {...props}
    />
  );
}
