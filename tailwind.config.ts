import type { Config } from "tailwindcss";

// Read by Tailwind v4 through `@config` in src/app/index.css.
export default {
  content: ["./index.html", "./src/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: "#1f2a44", light: "#34426a", accent: { DEFAULT: "#b08d57", dark: "#7a5a26" } },
      },
      minWidth: { page: "1440px" },
    },
  },
} satisfies Config;
