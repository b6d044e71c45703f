import { setupWorker } from "msw/browser";
import { sampleHandlers } from "./sample-handlers";

/**
 * The mock flag of §1 (VITE_MOCK=true, development): the browser answers the sample endpoints
 * itself; every other request (sign-in, users, …) goes to the server as usual. Loaded by
 * src/main.tsx through a dynamic import behind the flag, so a build without the flag has no MSW
 * and no sample data in it.
 */
export async function startSampleWorker(): Promise<void> {
  await setupWorker(...sampleHandlers).start({ onUnhandledRequest: "bypass", quiet: true });
}
