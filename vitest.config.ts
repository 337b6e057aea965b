import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        // generous limits: they only guard against hangs (bot-game sweeps take seconds on a busy 2-core machine)
        test: { name: "unit", include: ["lib/**/*.test.ts", "components/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"], exclude: ["server/**/*.int.test.ts"], environment: "node", testTimeout: 180_000 },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["server/**/*.int.test.ts"],
          environment: "node",
          globalSetup: ["server/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
