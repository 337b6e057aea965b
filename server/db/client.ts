// The Prisma client over node-postgres (driver adapter, no native engine).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;

export function createDb(url: string, max = 10): Db {
  const adapter = new PrismaPg({ connectionString: url, max });
  return new PrismaClient({ adapter });
}
