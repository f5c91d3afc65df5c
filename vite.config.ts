import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import babel, { defineRolldownBabelPreset } from "@rolldown/plugin-babel";
import tailwindcss from "@tailwindcss/vite";
import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { precompress } from "./vite.precompress.ts";

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so the generated route tree is in place.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "src/routes",
      generatedRouteTree: "src/routeTree.gen.ts",
    }),
    react(),
    // Issue 21: messages keep their English text beside the id, so English needs no catalog: Lingui
    // compiles the text on first use (src/app/i18n.ts, src/app/compileMessage.ts).
    // Babel only reads the modules that import a macro (a third of them): the build's babel pass took about 35 s
    // of a contended `npm test` when it parsed every module.
    babel({
      presets: [
        defineRolldownBabelPreset({
          preset: { plugins: [["@lingui/babel-plugin-lingui-macro", { stripMessageField: false }]] },
          rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro/ } },
        }),
      ],
    }),
    lingui(),
    tailwindcss(),
    // Issue 21: brotli 11 and gzip 9 copies of the built files, served as files (server/plugins/static.ts).
    precompress(),
  ],
  server: { proxy: { "/api": "http://localhost:8080" } },
  build: {
    outDir: "dist",
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into one chunk: one file compresses about
        // 8 KB better than the twenty-odd small chunks rolldown would split it into. The HTML entry
        // and main.tsx stay out so that the entry chunk (and the manifest's index.html) remains.
        // The lazy code in two more: left to itself, rolldown gives every set of routes sharing a module
        // its own chunk, and a signed-in list page fetched 59 scripts, most under 1 kB gzip. Each costs the
        // browser a request (about 5 ms of CPU in Chromium's browser and network processes); with these
        // two groups the page fetches 20, in the same two waves and 15 kB fewer (bench/bundle-size.ts),
        // its first row shows sooner on a slow network (3,238 -> 2,614 ms on slow 4G), and Chromium
        // spends a sixth less CPU loading it (1,268 -> 1,066 ms; docs/performance.md, 2026-11-29).
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"], test: (id) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id) },
            // The session's code and xstate: a visitor's page loads them too (the session resumes in the
            // background), so nothing else may join them.
            {
              name: "session",
              test: /[\\/]node_modules[\\/](xstate|@xstate[\\/]react)[\\/]|[\\/]machines[\\/]session[\\/]|[\\/]src[\\/]features[\\/]session[\\/]\w+\.ts$|[\\/]src[\\/]app[\\/](liveFlows|inspect)\./,
            },
            // The libraries and shared components the signed-in pages use (Radix, the query hooks, src/ui/):
            // one chunk, fetched once. Not what a visitor's home page loads (its carousel, the image and
            // motion helpers), so the visitor does not fetch the kit; nor the HTML sanitiser, which only the
            // style and mall pages use (a module the kit takes brings what it imports along).
            {
              name: "kit",
              minShareCount: 2,
              test: (id) =>
                /[\\/]node_modules[\\/]/.test(id)
                  ? !/[\\/]node_modules[\\/](embla-|dompurify[\\/])/.test(id)
                  : /[\\/]src[\\/]ui[\\/]/.test(id) &&
                    !/[\\/]src[\\/]ui[\\/](Img|useReducedMotion|SafeHtml)\./.test(id),
            },
          ],
        },
      },
    },
  },
});
