// A secret kept in the data folder: made on first run, readable by the
// server's user only (0600), read back on every later start. The auth secret
// and the Web Push keys both live this way.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export function persistedSecret(dataDir: string, name = "auth-secret", make: () => string = () => randomBytes(32).toString("base64url")): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = make();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
