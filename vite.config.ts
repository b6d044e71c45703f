import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

const apiTarget = process.env.BLADE_API_URL ?? "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? "0.0.0"),
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: "dist",
    chunkSizeWarningLimit: 1500,
  },
  test: {
    setupFiles: ["./vitest.setup.ts"],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: "forks",
    server: { deps: { inline: ["@refinedev/react-router", "@refinedev/antd"] } },
    projects: [
      // The reference server and scripts run in Node; everything of the console in jsdom.
      { extends: true, test: { name: "server", environment: "node", include: ["server/**/*.test.ts", "scripts/**/*.test.ts"] } },
      { extends: true, test: { name: "console", environment: "jsdom", include: ["src/**/*.test.{ts,tsx}", "mocks/**/*.test.{ts,tsx}"] } },
    ],
  },
});
