// The import rules of the house (DESIGN.md, "Layout"), checked by `npm run lint:imports`.
//
//   domain/    pure rules: imports nothing of ours (except types of the contract) and no framework
//   machines/  flows: imports only domain/ (and xstate; types of the contract)
//   server/    never imports src/ or machines/
//   src/       never imports server/; a feature is used (by another feature, a route, the app) only
//              through its index.ts;
//              views (.tsx in a feature) read rules through selectors, never from domain/ directly
//
// Type-only imports count: a type import is still a dependency a reader has to follow, and it is how
// circles between a machine and its helpers start. The one exception is the generated contract
// (`openapi/portal.d.ts`), the shared vocabulary whose types every layer may name.

/** Our own top folders that hold code (the contract in openapi/ is handled separately). */
const OURS = "^(domain|machines|src|server|tests|bench|scripts)/";

/** Libraries that tie code to a runtime: UI, DOM, HTTP, database, server, router. */
const FRAMEWORKS = [
  "^node_modules/(react|react-dom|scheduler)/",
  "^node_modules/@types/react",
  "^node_modules/(@radix-ui|radix-ui|embla-carousel[^/]*)/",
  "^node_modules/(@tanstack|@xstate|@lingui|@statelyai)/",
  "^node_modules/(openapi-fetch|fastify[^/]*|@fastify|fastify-openapi-glue)/",
  "^node_modules/(drizzle-orm|pg|@types/pg|@electric-sql)/",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules import each other in a circle. Move what both need into a third module (often domain/).",
      from: {},
      to: { circular: true },
    },

    // domain/
    {
      name: "domain-imports-nothing-of-ours",
      severity: "error",
      comment: "domain/ is the bottom layer: it imports only other domain/ modules (and the contract's types).",
      from: { path: "^domain/" },
      to: { path: OURS, pathNot: "^domain/" },
    },
    {
      name: "domain-no-runtime-contract",
      severity: "error",
      comment: "domain/ may name the contract's types (`import type`), never import the openapi/ folder at run time.",
      from: { path: "^domain/" },
      to: { path: "^openapi/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment:
        "domain/ runs unchanged in the browser and on the server: no React, DOM, router, state-machine, HTTP, " +
        "database or server library, and no node: built-in.",
      from: { path: "^domain/" },
      to: { path: [...FRAMEWORKS, "^node_modules/xstate/"] },
    },
    {
      name: "domain-no-node-builtins",
      severity: "error",
      comment: "domain/ runs in the browser too: no node: built-ins.",
      from: { path: "^domain/" },
      to: { dependencyTypes: ["core"] },
    },

    // machines/
    {
      name: "machines-import-only-domain",
      severity: "error",
      comment:
        "machines/ compose rules from domain/ with xstate; actors that call the API are provided by src/, " +
        "so a machine never imports src/, server/ or the test code.",
      from: { path: "^machines/" },
      to: { path: OURS, pathNot: "^(domain|machines)/" },
    },
    {
      name: "machines-no-runtime-contract",
      severity: "error",
      comment: "machines/ may name the contract's types (`import type`), never import openapi/ at run time.",
      from: { path: "^machines/" },
      to: { path: "^openapi/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "machines-only-xstate",
      severity: "error",
      comment: "machines/ hold no React, DOM, HTTP or database code: their only library is xstate.",
      from: { path: "^machines/" },
      to: {
        dependencyTypes: ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "core"],
        pathNot: "^node_modules/xstate/",
      },
    },

    // server/
    {
      name: "server-not-to-browser",
      severity: "error",
      comment: "The server shares code with the browser only through domain/ (and the contract).",
      from: { path: "^server/" },
      to: { path: "^(src|machines|tests|bench)/" },
    },

    // src/
    {
      name: "src-not-to-server",
      severity: "error",
      comment: "The browser app talks to the server through the typed client only; shared rules live in domain/.",
      from: { path: "^src/" },
      to: { path: "^(server|tests|bench)/" },
    },
    {
      name: "feature-through-index",
      severity: "error",
      comment:
        "A feature uses another feature only through that feature's index.ts (its public face), so the " +
        "insides of a feature can change without touching its neighbours.",
      from: { path: "^src/features/([^/]+)/" },
      to: {
        path: "^src/features/[^/]+/",
        pathNot: ["^src/features/$1/", "^src/features/[^/]+/index\\.tsx?$"],
        dependencyTypesNot: ["dynamic-import"],
      },
    },
    {
      name: "outside-through-feature-index",
      severity: "error",
      comment:
        "The app shell and the routes use a feature through its index.ts too: it is the one list of what a " +
        "feature offers (and knip can then tell which of those offers are unused).",
      from: { path: "^src/(app|routes|api|ui)/" },
      // A lazy `import()` names the module it splits off, so it may reach inside.
      to: {
        path: "^src/features/[^/]+/",
        pathNot: "^src/features/[^/]+/index\\.tsx?$",
        dependencyTypesNot: ["dynamic-import"],
      },
    },
    {
      name: "views-not-to-domain",
      severity: "error",
      comment:
        "A view renders and sends intent: it reads rules through the flow's selectors (machines/) or its " +
        "feature's own .ts module, never from domain/ directly (a view that checks a rule drifts from the guard).",
      from: { path: "^src/features/.+\\.tsx$" },
      to: { path: "^domain/" },
    },

    // Hygiene.
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that resolves to nothing (a typo, a moved file, a package that is not installed).",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "not-to-dev-dep",
      severity: "error",
      comment:
        "Code that ships (domain/, machines/, src/, server/) does not import a devDependency: it would be " +
        "missing in a production install. Type-only imports and `/// <reference types>` are erased and allowed.",
      from: { path: "^(domain|machines|src|server)/" },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only", "triple-slash-type-reference"] },
    },
  ],
  options: {
    // What is cruised: our code and the contract, plus the packages and built-ins they import (as leaves).
    includeOnly: ["^(domain|machines|src|server|openapi|tests|bench|scripts)/", "^node_modules/", "^(node:)?[a-z_/]+$"],
    exclude: { path: ["^server/db/migrations/", "\\.gen\\.ts$"] },
    doNotFollow: { path: "node_modules" },
    // node_modules may be a symlink (worktrees share one install): keep the node_modules/ paths the rules name.
    preserveSymlinks: true,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
