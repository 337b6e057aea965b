// Integration tests need a real PostgreSQL: TEST_DATABASE_URL, else the
// machine's on 127.0.0.1:5432, else an embedded one started here.
import type { TestProject } from "vitest/node";
import { findPgBase, type PgBase } from "./pg-base";

declare module "vitest" {
  export interface ProvidedContext {
    pgBase: string;
  }
}

let base: PgBase | null = null;

export async function setup(project: TestProject): Promise<void> {
  base = await findPgBase();
  project.provide("pgBase", base.url);
}

export async function teardown(): Promise<void> {
  await base?.stop();
}
