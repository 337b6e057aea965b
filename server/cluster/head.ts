// What a router reads of a connection before it chooses where the connection
// goes: the bytes up to the end of the first request line (and whatever came
// with them), then the connection is paused and handed on with those bytes.
import type net from "node:net";
import { requestLine } from "./placement";

const MAX_HEAD_BYTES = 16 * 1024;
const HEAD_TIMEOUT_MS = 10_000;

/** Reads a paused connection's head and calls `route` with it, the connection paused again; a client that sends nothing usable in time is dropped. */
export function readHead(conn: net.Socket, route: (head: Buffer, line: string | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const timer = setTimeout(() => conn.destroy(), HEAD_TIMEOUT_MS);
  const onData = (b: Buffer) => {
    chunks.push(b);
    size += b.length;
    const line = requestLine(Buffer.concat(chunks).toString("latin1"));
    if (line === null && size < MAX_HEAD_BYTES) return;
    conn.pause();
    conn.off("data", onData);
    clearTimeout(timer);
    // whatever the stream read ahead goes along with the head
    for (let more = conn.read() as Buffer | null; more; more = conn.read() as Buffer | null) chunks.push(more);
    route(Buffer.concat(chunks), line);
  };
  conn.on("data", onData);
  conn.on("error", () => conn.destroy());
  conn.on("close", () => clearTimeout(timer));
  conn.resume();
}
