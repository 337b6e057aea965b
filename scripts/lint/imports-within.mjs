// A lint rule: files under a folder import only files under that same folder,
// and of packages only those named. lib/games is pure: it imports nothing of
// ours outside lib/games, and only zod (tests also vitest and fast-check).
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** @type {import("eslint").Rule.RuleModule} */
export const importsWithin = {
  meta: {
    type: "problem",
    docs: { description: "imports stay inside a folder and use only the packages allowed there" },
    schema: [{ type: "object", properties: { folder: { type: "string" }, packages: { type: "array", items: { type: "string" } }, testPackages: { type: "array", items: { type: "string" } } }, additionalProperties: false }],
    messages: {
      outside: "{{folder}} imports only from {{folder}} (this resolves to {{target}}).",
      package: "{{folder}} may use only these packages: {{allowed}}.",
    },
  },
  create(context) {
    const { folder, packages = [], testPackages = [] } = context.options[0] ?? {};
    const base = path.resolve(root, folder);
    const file = context.filename;
    const isTest = /(\.test\.tsx?|[\\/](fuzz|fixtures|test-helpers)\.ts)$/.test(file);
    const allowed = isTest ? [...packages, ...testPackages] : packages;
    const check = (node, source) => {
      if (typeof source !== "string") return;
      let target = null;
      if (source.startsWith(".")) target = path.resolve(path.dirname(file), source);
      else if (source.startsWith("@/")) target = path.resolve(root, source.slice(2));
      if (target !== null) {
        if (target !== base && !target.startsWith(base + path.sep)) context.report({ node, messageId: "outside", data: { folder, target: path.relative(root, target) } });
        return;
      }
      const pkg = source.startsWith("@") ? source.split("/").slice(0, 2).join("/") : source.split("/")[0];
      if (!allowed.includes(pkg)) context.report({ node, messageId: "package", data: { folder, allowed: allowed.join(", ") } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};
