// The floor the benchmark compares Garnet with: a bare Socket.IO server on the
// same version and transport that speaks just enough of the room protocol for
// the same driver. An action is acknowledged to its sender and a small message
// goes to everyone in the room: no rules, no views, no database. Reports CPU,
// memory and event-loop delay over IPC like the room server does.
import { createServer } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { watchGcPauses } from "../../server/test/gc-pauses";
import { Server } from "socket.io";

interface EchoRoom {
  version: number;
  seats: number;
  taken: number;
}

const rooms = new Map<string, EchoRoom>();
let next = 0;
let actions = 0;
let frame = 0;

const http = createServer((_req, res) => {
  res.statusCode = 404;
  res.end();
});
const io = new Server(http, { maxHttpBufferSize: 64 * 1024, serveClient: false });
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const gcPauses = watchGcPauses();

type Reply = (r: object) => void;
const fail = (reply: Reply) => reply({ ok: false, code: "room/not_found", message: "no such room" });

io.on("connection", (socket) => {
  const seats = new Map<string, string>();
  socket.on("room:create", (input: { seats: number }, reply: Reply) => {
    const code = (++next).toString(36).toUpperCase().padStart(6, "2");
    rooms.set(code, { version: 0, seats: input.seats, taken: 0 });
    reply({ ok: true, code });
  });
  socket.on("room:watch", (input: { code: string }, reply: Reply) => {
    const room = rooms.get(input.code);
    if (!room) return fail(reply);
    void socket.join(input.code);
    reply({ ok: true, frame: ++frame, payload: { code: input.code, version: room.version, status: "running", you: seats.get(input.code) ?? null, view: null } });
  });
  socket.on("room:unwatch", (input: { code: string }) => void socket.leave(input.code));
  socket.on("seat:claim", (input: { code: string }, reply: Reply) => {
    const room = rooms.get(input.code);
    if (!room) return fail(reply);
    const seat = `s${++room.taken}`;
    seats.set(input.code, seat);
    reply({ ok: true, seat });
  });
  socket.on("host:command", (input: { code: string }, reply: Reply) => {
    const room = rooms.get(input.code);
    if (!room) return fail(reply);
    reply({ ok: true, version: room.version });
  });
  socket.on("game:act", (input: { code: string; clientId?: string }, reply: Reply) => {
    const room = rooms.get(input.code);
    if (!room) return fail(reply);
    const version = ++room.version;
    actions++;
    // a whole (tiny) payload with its frame number, as the room server starts a patch chain
    io.to(input.code).emit("room:state", { code: input.code, version, status: "running" }, ++frame);
    reply({ ok: true, version, clientId: input.clientId });
  });
});

process.on("message", (msg: { id: number; type: string; resetLoop?: boolean; gc?: boolean }) => {
  if (msg.type !== "stats") return;
  // the heap without its garbage, as the room server gives it (both run with --expose-gc)
  if (msg.gc) (globalThis as { gc?: () => void }).gc?.();
  const delay = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  const gc = gcPauses.read();
  if (msg.resetLoop) {
    loop.reset();
    gcPauses.reset();
  }
  process.send?.({ id: msg.id, type: "stats", at: Date.now(), cpu: process.cpuUsage(), memory: process.memoryUsage(), store: { batches: 0, events: actions }, rooms: rooms.size, sockets: io.engine.clientsCount, loopDelayMs: delay, gc });
});
process.on("SIGTERM", () => io.close(() => process.exit(0)));

http.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const { port } = http.address() as { port: number };
  process.stdout.write(`@garnet ${JSON.stringify({ event: "ready", port, startedAt: Date.now(), readyAt: Date.now(), rooms: 0 })}\n`);
});
