import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    // No AUTH_URL: every request is answered under the host it came to (the tests use
    // localhost and 127.0.0.1). TRUST_PROXY: e2e/security.spec.ts puts a reverse proxy
    // in front; requests without X-Forwarded-* headers are served as without it.
    // ALERTS_ALLOW_LOOPBACK: e2e/alerts.spec.ts stands a local receiver in for the push service.
    env: { PORT: String(port), TRUST_PROXY: "1", ALERTS_ALLOW_LOOPBACK: "1" },
  },
});
