import { cva } from "class-variance-authority";

/**
 * The one button style of the app: variant (what it does) and size. A link that looks like a button
 * takes `buttonVariants(...)` as its class, or `<Button asChild>` around it. `buttonVariants` alone
 * does not merge conflicting classes (only `cn` does): pass it classes that add, not override. Its own
 * classes never conflict (the weight is the variant's, not the base's), so a Button without a
 * `className` needs no merging: it does not load tailwind-merge's class map on its first render.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded transition-colors disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60",
  {
    variants: {
      variant: {
        primary: "font-semibold bg-brand text-white hover:bg-brand-light",
        secondary: "font-semibold border border-brand bg-white text-brand hover:bg-slate-50",
        outline: "font-semibold border border-slate-400 bg-white text-slate-900 hover:bg-slate-50",
        ghost: "font-semibold text-slate-700 hover:bg-slate-100 hover:text-brand",
        danger: "font-semibold bg-red-700 text-white hover:bg-red-800",
        accent: "font-semibold bg-brand-accent text-brand hover:brightness-95",
        /** On a dark (brand) background. */
        inverse: "font-semibold bg-white text-brand hover:bg-slate-100",
        link: "font-normal text-brand underline-offset-2 hover:underline",
      },
      size: {
        sm: "px-3 py-1.5 text-sm",
        md: "px-4 py-2 text-sm",
        lg: "px-6 py-3 text-base",
        xl: "px-10 py-3 text-base",
        icon: "p-2",
      },
      block: { true: "w-full" },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);
