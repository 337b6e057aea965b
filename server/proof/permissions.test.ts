import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CALLERS, PERMISSIONS, permissionTable } from "./permissions";

describe("the permission matrix in docs/security.md", () => {
  it("is the table the integration test runs, row for row", () => {
    const doc = readFileSync("docs/security.md", "utf8");
    const table = permissionTable();
    expect(table.split("\n")).toHaveLength(PERMISSIONS.length + 2);
    expect(doc).toContain(table);
  });

  it("names every caller in its header", () => {
    const header = permissionTable().split("\n")[0];
    for (const c of CALLERS) expect(header).toContain(` ${c} `);
  });
});
