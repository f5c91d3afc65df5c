import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
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
    babel({ plugins: [["@lingui/babel-plugin-lingui-macro", { stripMessageField: false }]] }),
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
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"], test: (id) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id) },
          ],
        },
      },
    },
  },
});
