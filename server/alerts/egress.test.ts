import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { addressAllowed, send } from "./egress";

describe("addressAllowed", () => {
  it("lets public addresses through and nothing inside: loopback, private, shared, link-local, mapped and embedded forms", () => {
    for (const ip of ["93.184.216.34", "8.8.8.8", "142.250.185.74", "2606:4700:4700::1111", "2a00:1450:4001:82b::200a"]) expect(addressAllowed(ip, false), ip).toBe(true);
    for (const ip of [
      "127.0.0.1", "127.255.0.9", "0.0.0.0", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "192.0.0.170", "198.18.0.1", "224.0.0.1", "255.255.255.255",
      "::", "::1", "::127.0.0.1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:a9fe:a9fe", "64:ff9b::10.0.0.1", "64:ff9b::a00:1", "2002:7f00:1::1", "2002:a9fe:a9fe::", "fc00::1", "fd12:3456::1", "fe80::1", "ff02::1", "2001:db8::1",
      "not an address", "",
    ])
      expect(addressAllowed(ip, false), ip).toBe(false);
    // tests may reach their own loopback receivers, and nothing else inside
    expect(addressAllowed("127.0.0.1", true)).toBe(true);
    expect(addressAllowed("::1", true)).toBe(true);
    expect(addressAllowed("10.0.0.1", true)).toBe(false);
    expect(addressAllowed("169.254.169.254", true)).toBe(false);
  });
});

describe("send", () => {
  let server: Server | null = null;
  let connections = 0;
  const paths: string[] = [];
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    server = null;
    connections = 0;
    paths.length = 0;
  });
  /** A local server: `/redirect` sends elsewhere, `/endless` answers 200 and never stops writing, anything else 201. */
  async function listen(): Promise<number> {
    server = createServer((req, res) => {
      paths.push(req.url ?? "");
      if (req.url === "/redirect") return void res.writeHead(307, { location: "/elsewhere" }).end();
      if (req.url === "/endless") {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 120);
        const more = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once("drain", more);
        };
        return more();
      }
      res.writeHead(201).end();
    });
    server.on("connection", () => connections++);
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    return (server.address() as AddressInfo).port;
  }
  /** A name resolution that knows a few names, the way a hostile DNS would answer. */
  const resolve = (answers: Record<string, string[]>) => (host: string, cb: (err: NodeJS.ErrnoException | null, a: { address: string; family: number }[]) => void) =>
    setImmediate(() => (answers[host] ? cb(null, answers[host]!.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))) : cb(Object.assign(new Error(`ENOTFOUND ${host}`), { code: "ENOTFOUND" }), [])));

  it("connects to the address the name resolved to, and only when it is allowed: a name that resolves inside never gets a connection", async () => {
    const port = await listen();
    const dns = resolve({ "push.test": ["127.0.0.1"], "inside.test": ["10.0.0.7", "169.254.169.254"], "mixed.test": ["10.0.0.7", "127.0.0.1"] });
    // (only this resolver knows push.test: reaching the receiver proves the connection used the checked answer)
    expect(await send(`http://push.test:${port}/a`, { body: "x" }, { timeoutMs: 2_000, allowLoopback: true, resolve: dns })).toBe(201);
    expect(await send(`http://mixed.test:${port}/b`, { body: "x" }, { timeoutMs: 2_000, allowLoopback: true, resolve: dns })).toBe(201);
    await expect(send(`http://inside.test:${port}/c`, { body: "x" }, { timeoutMs: 2_000, allowLoopback: true, resolve: dns })).rejects.toThrow(/no public address/);
    // a real server: loopback is inside like the rest
    await expect(send("https://push.test/d", { body: "x" }, { timeoutMs: 2_000, allowLoopback: false, resolve: dns })).rejects.toThrow(/no public address/);
    for (const url of [`https://127.0.0.1:${port}/e`, `https://[::ffff:127.0.0.1]:${port}/e`, `https://2130706433:${port}/e`, `https://0x7f.1:${port}/e`, `http://push.test:${port}/e`, `https://discord.com@127.0.0.1:${port}/e`, `https://u:p@push.test:${port}/e`, `https://93.184.216.34:${port}/e`])
      await expect(send(url, { body: "x" }, { timeoutMs: 2_000, allowLoopback: false, resolve: dns }), url).rejects.toThrow();
    expect(paths).toEqual(["/a", "/b"]);
    expect(connections).toBe(2);
  });

  it("follows no redirect, and reads a few KiB of an endless answer, not all of it, without waiting for the timeout", async () => {
    const port = await listen();
    expect(await send(`http://127.0.0.1:${port}/redirect`, { body: "x" }, { timeoutMs: 5_000, allowLoopback: true })).toBe(307);
    const started = Date.now();
    expect(await send(`http://127.0.0.1:${port}/endless`, { body: "x" }, { timeoutMs: 60_000, allowLoopback: true, maxAnswerBytes: 16 * 1024 })).toBe(200);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(paths).toEqual(["/redirect", "/endless"]);
  });
});
