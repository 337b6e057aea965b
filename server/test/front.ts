// A small load balancer for tests, standing in for the nginx or HAProxy front
// of docs/deploy.md: it hashes each connection's room (the `room` of a
// Socket.IO handshake's query) over the servers it can reach, with the same
// rendezvous hashing as the cluster primary, sends anything else round the
// servers, and proxies the bytes both ways. A server it cannot connect to is
// left out for a while, and the connection tries the next one.
import net from "node:net";
import { readHead } from "../cluster/head";
import { roomOfRequest, slotFor } from "../cluster/placement";

const DOWN_FOR_MS = 1_000;

export interface Front {
  port: number;
  close(): Promise<void>;
}

export async function startFront(backends: number[]): Promise<Front> {
  const downUntil = new Map<number, number>();
  let turn = 0;
  const open = new Set<net.Socket>();

  function pick(room: string | null, tried: Set<number>): number | null {
    const live = backends.map((_, i) => i).filter((i) => !tried.has(i) && (downUntil.get(i) ?? 0) <= Date.now());
    if (!live.length) return null;
    return room ? slotFor(room, live) : live[turn++ % live.length]!;
  }

  function forward(conn: net.Socket, head: Buffer, room: string | null, tried = new Set<number>()): void {
    const i = pick(room, tried);
    if (i === null) return void conn.end("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    const up = net.connect(backends[i]!, "127.0.0.1");
    open.add(up);
    up.once("error", () => {
      if (up.bytesRead > 0 || up.bytesWritten > head.length) return conn.destroy();
      // refused: that server is down; the next one gets the connection
      downUntil.set(i, Date.now() + DOWN_FOR_MS);
      tried.add(i);
      up.destroy();
      forward(conn, head, room, tried);
    });
    up.once("connect", () => {
      up.write(head);
      conn.pipe(up);
      up.pipe(conn);
      conn.resume();
      up.on("close", () => conn.destroy());
      conn.on("close", () => up.destroy());
    });
    up.on("close", () => open.delete(up));
  }

  const server = net.createServer({ pauseOnConnect: true }, (conn) => {
    open.add(conn);
    conn.on("close", () => open.delete(conn));
    readHead(conn, (head, line) => forward(conn, head, line ? roomOfRequest(line) : null));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
