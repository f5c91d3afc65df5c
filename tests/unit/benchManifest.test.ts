import { describe, expect, it } from "vitest";
import {
  cssFiles,
  entryKeys,
  firstLoadFiles,
  homeRouteKeys,
  homeRouteRole,
  lazyChunks,
  routeSegments,
  staticClosure,
  type Manifest,
} from "../../bench/manifest";
import { scriptWaves } from "../../bench/pageLoad";

/** Shape of a Vite 8 manifest for an app using TanStack router autoCodeSplitting. */
const manifest: Manifest = {
  "index.html": {
    file: "assets/index-AAA.js",
    name: "index",
    src: "index.html",
    isEntry: true,
    imports: ["_react-BBB.js", "_router-CCC.js"],
    dynamicImports: [
      "src/routes/index.tsx?tsr-split=component",
      "src/routes/about.tsx?tsr-split=component",
      "src/features/flows/MachineDiagram.tsx",
    ],
    css: ["assets/index-AAA.css"],
  },
  "_react-BBB.js": { file: "assets/react-BBB.js", name: "react" },
  "_router-CCC.js": { file: "assets/router-CCC.js", name: "router", imports: ["_react-BBB.js"] },
  "_shared-DDD.js": { file: "assets/shared-DDD.js", name: "shared", imports: ["_react-BBB.js"] },
  "_carousel-EEE.js": { file: "assets/carousel-EEE.js", name: "carousel" },
  "src/routes/index.tsx?tsr-split=component": {
    file: "assets/index-FFF.js",
    name: "index",
    src: "src/routes/index.tsx?tsr-split=component",
    isDynamicEntry: true,
    imports: ["_react-BBB.js", "_shared-DDD.js"],
    dynamicImports: ["_carousel-EEE.js"],
    css: ["assets/index-FFF.css"],
  },
  "src/routes/index.tsx?tsr-split=errorComponent": {
    file: "assets/index-err.js",
    name: "index",
    src: "src/routes/index.tsx?tsr-split=errorComponent",
    isDynamicEntry: true,
  },
  "src/routes/about.tsx?tsr-split=component": {
    file: "assets/about-GGG.js",
    name: "about",
    src: "src/routes/about.tsx?tsr-split=component",
    isDynamicEntry: true,
    imports: ["_react-BBB.js", "_shared-DDD.js"],
  },
  "src/routes/admin/index.tsx?tsr-split=component": {
    file: "assets/index-HHH.js",
    name: "index",
    src: "src/routes/admin/index.tsx?tsr-split=component",
    isDynamicEntry: true,
  },
  "src/features/flows/MachineDiagram.tsx": {
    file: "assets/MachineDiagram-III.js",
    name: "MachineDiagram",
    src: "src/features/flows/MachineDiagram.tsx",
    isDynamicEntry: true,
    imports: ["_react-BBB.js"],
  },
  "src/assets/logo.svg": { file: "assets/logo-JJJ.svg", src: "src/assets/logo.svg" },
};

describe("bench manifest helpers", () => {
  it("finds the HTML entry and its static closure (no dynamic imports)", () => {
    expect(entryKeys(manifest)).toEqual(["index.html"]);
    expect(staticClosure(manifest, ["index.html"])).toEqual(["index.html", "_react-BBB.js", "_router-CCC.js"]);
  });

  it("recognises the home route chunk and nothing else", () => {
    expect(homeRouteRole("src/routes/index.tsx?tsr-split=component")).toBe("index");
    expect(homeRouteRole("src/routes/index.tsx?tsr-split=component---loader")).toBe("index");
    expect(homeRouteRole("src/routes/(marketing)/_layout/index.tsx?tsr-split=component")).toBe("index");
    expect(homeRouteRole("src/routes/_layout.index.tsx?tsr-split=component")).toBe("index");
    expect(homeRouteRole("src/routes/index.tsx?tsr-split=errorComponent")).toBeUndefined();
    expect(homeRouteRole("src/routes/admin/index.tsx?tsr-split=component")).toBeUndefined();
    expect(homeRouteRole("src/routes/about.tsx?tsr-split=component")).toBeUndefined();
    expect(homeRouteRole("src/routes/index.tsx")).toBeUndefined();
    expect(routeSegments("src/routes/_app/route.tsx")).toEqual(["_app", "route"]);
    expect(homeRouteKeys(manifest)).toEqual([
      { key: "src/routes/index.tsx?tsr-split=component", reason: "home route chunk" },
    ]);
  });

  it("firstLoadFiles = entry + static imports + home route chunk + its static imports", () => {
    const files = firstLoadFiles(manifest);
    expect(files.map((f) => f.file)).toEqual([
      "assets/index-AAA.js",
      "assets/react-BBB.js",
      "assets/router-CCC.js",
      "assets/index-FFF.js",
      "assets/shared-DDD.js",
    ]);
    expect(files[0]?.reason).toBe("entry");
    expect(files[3]?.reason).toBe("home route chunk");
    expect(files[4]?.reason).toBe("static import of src/routes/index.tsx?tsr-split=component");
  });

  it("lists every other JS chunk as lazy and collects CSS", () => {
    const files = firstLoadFiles(manifest);
    expect(lazyChunks(manifest, files).map((c) => c.file)).toEqual([
      "assets/carousel-EEE.js",
      "assets/index-err.js",
      "assets/about-GGG.js",
      "assets/index-HHH.js",
      "assets/MachineDiagram-III.js",
    ]);
    expect(cssFiles(manifest, ["index.html"])).toEqual(["assets/index-AAA.css"]);
    expect(
      cssFiles(
        manifest,
        files.map((f) => f.key),
      ),
    ).toEqual(["assets/index-AAA.css", "assets/index-FFF.css"]);
  });

  it("includes root and wrapping pathless layout chunks, not unrelated layouts", () => {
    const m: Manifest = {
      "index.html": { file: "assets/index.js", isEntry: true, src: "index.html" },
      "src/routes/_app/index.tsx?tsr-split=component": { file: "assets/home.js", isDynamicEntry: true },
      "src/routes/_app.tsx?tsr-split=component": { file: "assets/app-layout.js", isDynamicEntry: true },
      "src/routes/_auth.tsx?tsr-split=component": { file: "assets/auth-layout.js", isDynamicEntry: true },
      "src/routes/_auth/login.tsx?tsr-split=component": { file: "assets/login.js", isDynamicEntry: true },
    };
    expect(firstLoadFiles(m).map((f) => [f.file, f.reason])).toEqual([
      ["assets/index.js", "entry"],
      ["assets/home.js", "home route chunk"],
      ["assets/app-layout.js", "layout route wrapping home"],
    ]);
  });

  it("falls back to a lazily loaded chunk named index when keys do not reveal routes", () => {
    const m: Manifest = {
      "index.html": {
        file: "assets/index-1.js",
        name: "index",
        isEntry: true,
        src: "index.html",
        dynamicImports: ["_index-2.js"],
      },
      "_index-2.js": { file: "assets/index-2.js", name: "index", isDynamicEntry: true, imports: ["_dep.js"] },
      "_dep.js": { file: "assets/dep.js" },
      "_about.js": { file: "assets/about.js", name: "about", isDynamicEntry: true },
    };
    expect(firstLoadFiles(m).map((f) => f.file)).toEqual(["assets/index-1.js", "assets/index-2.js", "assets/dep.js"]);
  });
});

describe("scriptWaves (bench/pageLoad.ts)", () => {
  const script = (url: string, start: number, end: number) => ({ url, start, end });

  it("puts scripts in flight together in one wave, and the ones asked for after them in the next", () => {
    const waves = scriptWaves([
      script("route.js", 300, 350),
      script("entry.js", 10, 100),
      script("vendor.js", 12, 120),
      script("messages.js", 130, 200),
      script("lazy.js", 340, 360), // asked for while route.js was still loading: same wave
    ]);
    expect(waves.map((s) => [s.url, s.wave])).toEqual([
      ["entry.js", 1],
      ["vendor.js", 1],
      ["messages.js", 2],
      ["route.js", 3],
      ["lazy.js", 3],
    ]);
  });

  it("gives no wave to an empty page", () => {
    expect(scriptWaves([])).toEqual([]);
  });
});
