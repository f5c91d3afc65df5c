// The reference of bench/lighthouse.ts: the least a React 19 app is (a root, a heading and a paragraph),
// built with Vite as the portal is, so that the portal's scores read against what this machine gives any
// React app in the same run.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <main>
      <h1>Minimal React app</h1>
      <p>One heading and a paragraph, rendered by React.</p>
    </main>
  </StrictMode>,
);
