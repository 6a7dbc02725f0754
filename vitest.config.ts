import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    pool: "forks",
    // The sample repositories' git history (samples/history.yaml), built once before any test reads them.
    globalSetup: ["./scripts/sample-history.mjs"],
  },
});
