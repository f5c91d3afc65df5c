// ESLint flat config: typescript-eslint with type information, the React hooks rules, and globals
// per folder (browser for src/, node for server/, bench/, scripts/, tests/, pure for domain/ and machines/).
// Run with `npm run lint`, uncached: ESLint's cache keys on each file's own content, so a type change in one
// file would leave a stale result in another that uses it (about 90 s on two cores; the type-aware rules and
// the React Compiler's checks are most of it).
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * DESIGN.md "Machines": a view reads a flow through its selectors (machines/<flow>/<flow>.selectors.ts),
 * never the machine's `context`, `matches(...)` or `hasTag(...)` itself, so what a view shows is named,
 * tested and shared in one place. Reported: a member read (or a destructured `{ context }`) on anything
 * typed as a machine snapshot (an object with `status`, `context` and `hasTag`: xstate's snapshots and
 * `OrderEntrySnapshot`), and, whatever its type (an `AnyActorRef`'s snapshot is `any`), on the snapshot a
 * selector function given to `useSelector` / `useSession` receives. Not reported: an actor's own input
 * (`input.context` in a `fromPromise` binding) and the DOM's `element.matches(selector)`.
 */
const SNAPSHOT_READS = new Set(["context", "matches", "hasTag"]);
const machineReadsRule = {
  meta: {
    type: "problem",
    docs: { description: "Views read a machine's state through the flow's selectors only." },
    messages: {
      read: "Read `{{name}}` through the flow's selectors (machines/<flow>/<flow>.selectors.ts), not in the view.",
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const checker = services?.program?.getTypeChecker();
    /** The object is typed as a machine snapshot (null and undefined aside). */
    const isSnapshot = (node) => {
      if (!checker) return false;
      const type = checker.getNonNullableType(services.getTypeAtLocation(node));
      return ["status", "context", "hasTag"].every((name) => checker.getPropertyOfType(type, name) !== undefined);
    };
    /** The parameters of the selector functions given to `useSelector(actor, selector)` / `useSession(selector)`. */
    const selectorParams = new Set();
    const isSelectorParam = (node) => {
      if (node.type !== "Identifier") return false;
      for (let scope = context.sourceCode.getScope(node); scope; scope = scope.upper) {
        const variable = scope.set.get(node.name);
        if (variable) return variable.defs.some((def) => selectorParams.has(def.name));
      }
      return false;
    };
    const report = (node, name) => context.report({ node, messageId: "read", data: { name } });
    return {
      CallExpression(node) {
        const callee = node.callee.type === "Identifier" ? node.callee.name : null;
        if (callee !== "useSelector" && callee !== "useSession") return;
        const fn = callee === "useSelector" ? node.arguments[1] : node.arguments[0];
        if (
          fn &&
          (fn.type === "ArrowFunctionExpression" || fn.type === "FunctionExpression") &&
          fn.params[0]?.type === "Identifier"
        )
          selectorParams.add(fn.params[0]);
      },
      MemberExpression(node) {
        if (node.computed || node.property.type !== "Identifier" || !SNAPSHOT_READS.has(node.property.name)) return;
        if (isSelectorParam(node.object) || isSnapshot(node.object)) report(node.property, node.property.name);
      },
      ObjectPattern(node) {
        const names = node.properties
          .filter((p) => p.type === "Property" && p.key.type === "Identifier" && SNAPSHOT_READS.has(p.key.name))
          .map((p) => p.key);
        if (names.length > 0 && isSnapshot(node)) for (const key of names) report(key, key.name);
      },
    };
  },
};

export default defineConfig(
  globalIgnores([
    // Generated: never edited by hand, checked by `npm run check:generated` instead.
    "openapi/portal.d.ts",
    "src/routeTree.gen.ts",
    "server/db/migrations/**",
    "src/locales/**",
    // Build and test output.
    "dist/**",
    "dist-server/**",
    "flowbook/**",
    "coverage/**",
    "test-results/**",
    "playwright-report/**",
    "bench/results/**",
    ".data/**",
    "public/**",
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The project service finds the tsconfig.json of each file (the root one covers every folder).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_`-prefixed names are intentionally unused (destructuring a field away, a placeholder parameter).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // `import type` keeps type-only imports out of the bundle and out of the import graph's runtime edges.
      // `import("x").T` in an annotation stays allowed: it is already type-only.
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      // An `async` function without `await` is the plain way to satisfy a promise-typed slot (xstate's
      // `fromPromise` placeholders that throw "not provided", test fakes). What matters, a promise nobody
      // awaits, is caught by no-floating-promises and no-misused-promises.
      "@typescript-eslint/require-await": "off",
      // Handlers passed to JSX (`onClick={async () => ...}`) legitimately return promises the DOM ignores.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // TanStack Router's control flow is `throw redirect(...)` / `throw notFound()`.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [{ from: "package", package: "@tanstack/router-core", name: ["Redirect", "NotFoundError"] }],
        },
      ],
      // Off: its contextual check (typescript-eslint 8.5x) reports the xstate idiom `setup({ types: { input:
      // {} as T } })` as unnecessary, where the assertion is what gives the machine its type, and its autofix
      // silently changes the machine's types. An unnecessary `!` or `as` is harmless; a wrong fix is not.
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-console": "off",
    },
  },

  // The plain JavaScript config files are not part of any tsconfig: lint them without types.
  {
    files: ["**/*.{js,cjs,mjs}"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },

  // Browser code.
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
  },
  // React: the classic hooks rules plus the React Compiler checks of the plugin's recommended set.
  {
    files: ["src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },

  // Views read machines through selectors (the rule above), every view without exception.
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { portal: { rules: { "machine-reads": machineReadsRule } } },
    rules: { "portal/machine-reads": "error" },
  },

  // Node code: the server, the tests (they start the server, read files), the bench and scripts, configs.
  {
    files: ["server/**/*.ts", "tests/**/*.ts", "bench/**/*.ts", "scripts/**/*.{ts,js,mjs}", "*.ts"],
    languageOptions: { globals: globals.node },
  },
  // The Playwright specs also run code inside the page (`page.evaluate(() => document...)`).
  {
    files: ["tests/e2e/**/*.ts", "bench/**/*.ts"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // Tests read untyped data on purpose: JSON bodies (`response.json()` is `any`), values handed back from
  // `page.evaluate`, graph paths replayed as loose events. The no-unsafe-* family would flag each read
  // (about 90 today) without catching anything an assertion would not: a wrong shape fails the test.
  {
    files: ["tests/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },

  // domain/ and machines/ are isomorphic: only the globals every JavaScript runtime has. tsconfig's lib has
  // the DOM for every folder and typescript-eslint turns no-undef off, so name the forbidden ones: no page,
  // no storage, no network, no process (a machine's actors are provided from src/; its timers are `after`).
  {
    files: ["domain/**/*.ts", "machines/**/*.ts"],
    languageOptions: { globals: globals["shared-node-browser"] },
    rules: {
      "no-restricted-globals": [
        "error",
        ...["window", "document", "navigator", "location", "history", "localStorage", "sessionStorage"].map((name) => ({
          name,
          message: "domain/ and machines/ run without a page: pass what you need in.",
        })),
        ...["fetch", "XMLHttpRequest", "WebSocket", "EventSource"].map((name) => ({
          name,
          message: "No network here: a machine invokes an actor that src/ provides.",
        })),
        ...["process", "Buffer", "require", "__dirname", "__filename"].map((name) => ({
          name,
          message: "domain/ and machines/ run in the browser too: no Node globals.",
        })),
      ],
    },
  },
);
