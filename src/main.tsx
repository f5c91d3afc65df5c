import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./app/index.css";
import { activateLocale, initialLocale } from "./app/i18n.ts";
import { App } from "./app/App.tsx";

await activateLocale(initialLocale());
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
