// A local HTTP receiver standing in for a push service and a Discord webhook in
// tests and benchmarks: it records what it is sent, answers each path with a
// chosen status, can hold requests until released (a receiver that hangs) or
// answer late, and decrypts Web Push bodies (RFC 8291, aes128gcm) for browsers
// whose keys a test made with `browserKeys`.
import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";


export interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  at: number;
}

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
export interface BrowserKeys {
  publicKey: Buffer;
  privateKey: Buffer;
  auth: Buffer;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey(), privateKey: ecdh.getPrivateKey(), auth: randomBytes(16) };
}

/** The subscription as a browser's `PushSubscription.toJSON()` gives it. */
export function subscriptionOf(endpoint: string, k: BrowserKeys) {
  return { endpoint, expirationTime: null, keys: { p256dh: k.publicKey.toString("base64url"), auth: k.auth.toString("base64url") } };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** Decrypts one aes128gcm push body with the browser's keys (single record, as push messages are). */
export function decryptPush(body: Buffer, k: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLen = body[20]!;
  const serverKey = body.subarray(21, 21 + idLen);
  const cipher = body.subarray(21 + idLen);
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(k.privateKey);
  const shared = ecdh.computeSecret(serverKey);
  const prkKey = hmac(k.auth, shared);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from("WebPush: info\0"), k.publicKey, serverKey, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const d = createDecipheriv("aes-128-gcm", cek, nonce);
  d.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([d.update(cipher.subarray(0, cipher.length - 16)), d.final()]);
  // the last record ends with the delimiter 0x02, then zero padding
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  return plain.subarray(0, end).toString("utf8");
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Requests answered so far, and requests held open now. */
  answered: number;
  held: number;
  /** The status a path answers (default 201). */
  status: Map<string, number>;
  /** Paths whose requests hang until `release()`, or are answered after `delayMs` ("*": every path). */
  hold: Set<string>;
  delayMs: number;
  release(): void;
  /** Waits until `pred` holds of what was received (polling every 20 ms). */
  waitFor(pred: (r: Received[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const held: (() => void)[] = [];
  const r: Receiver = {
    url: "",
    received: [],
    answered: 0,
    held: 0,
    status: new Map(),
    hold: new Set(),
    delayMs: 0,
    release() {
      for (const f of held.splice(0)) f();
    },
    async waitFor(pred, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (!pred(r.received)) {
        if (Date.now() > until) throw new Error(`the receiver did not get what was expected (it has ${r.received.length} requests: ${r.received.map((x) => x.path).join(", ")})`);
        await new Promise((res) => setTimeout(res, 20));
      }
    },
    close: () => new Promise<void>((res) => {
      r.release();
      server.closeAllConnections();
      server.close(() => res());
    }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      r.received.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
      const answer = () => {
        r.answered++;
        res.writeHead(r.status.get(path) ?? 201).end();
      };
      if (r.hold.has(path) || r.hold.has("*")) {
        r.held++;
        const done = () => {
          r.held--;
          if (!res.destroyed) answer();
        };
        if (r.delayMs > 0) setTimeout(done, r.delayMs);
        else held.push(done);
      } else answer();
    });
  });
  await new Promise<void>((res) => server.listen(port, "127.0.0.1", res));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return r;
}
