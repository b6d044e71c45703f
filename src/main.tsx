import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Root } from "./Root";

// §1 mock flag: in development with VITE_MOCK=true the browser serves the sample data itself (MSW).
// The condition is a build-time constant, so a build without the flag drops the import entirely.
// Development only: a production build never starts the worker, whatever the flag says.
const mocking = import.meta.env.DEV && import.meta.env.VITE_MOCK === "true" ? import("../mocks/browser").then((m) => m.startSampleWorker()) : Promise.resolve();

void mocking.finally(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  ),
);
