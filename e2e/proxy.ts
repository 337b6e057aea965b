// Small servers the security tests stand next to the app: a TLS-terminating
// reverse proxy (with a throwaway self-signed certificate) and a page on another
// origin.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface Running {
  url: string;
  close(): Promise<void>;
}

function listen(server: Server, scheme = "http"): Promise<Running> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `${scheme}://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }),
  );
}

/** A self-signed certificate for 127.0.0.1, made with the openssl command. */
function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "garnet-tls-"));
  try {
    const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert], { stdio: "ignore" });
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Serves https and forwards everything (WebSocket upgrades too) to `upstream`
 * over http, rewriting Host to the upstream's and adding X-Forwarded-Proto:
 * https, X-Forwarded-Host (the host the browser used) and X-Forwarded-For.
 */
export function reverseProxy(upstream: string): Promise<Running> {
  const target = new URL(upstream);
  const forwarded = (headers: Record<string, string | string[] | undefined>, peer: string | undefined) => ({
    ...headers,
    host: target.host,
    "x-forwarded-proto": "https",
    "x-forwarded-host": String(headers.host),
    "x-forwarded-for": peer ?? "",
  });
  const server = createTlsServer(selfSigned(), (req, res) => {
    const up = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: forwarded(req.headers, req.socket.remoteAddress) }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on("error", () => res.writeHead(502).end());
    req.pipe(up);
  });
  server.on("upgrade", (req, socket, head) => {
    const up = connect(Number(target.port), target.hostname, () => {
      const headers = forwarded(req.headers, req.socket.remoteAddress);
      const lines = Object.entries(headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}: ${x}`) : [`${k}: ${v}`]));
      up.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
      up.write(head);
      socket.pipe(up).pipe(socket);
    });
    up.on("error", () => socket.destroy());
    socket.on("error", () => up.destroy());
  });
  return listen(server as unknown as Server, "https");
}

/** Serves one HTML page at / (the attacker's page, on an origin of its own). */
export function servePage(html: string): Promise<Running> {
  return listen(createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html)));
}
