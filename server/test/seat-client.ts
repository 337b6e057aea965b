// A seat played over a real socket, the way a browser tab plays it: signs in
// with a session cookie, watches its room again after every (re)connect, and
// picks its moves with the game's own bot from the view it was sent.
import { io as connect, type Socket } from "socket.io-client";
import type { Rng } from "../../lib/games/core/rng";
import type { AnyGame } from "../../lib/games/core/types";
import type { Ack, RoomPayload } from "../../lib/protocol";
import { RoomFeeds } from "../../lib/room-feed";
import { sessionCookie } from "./session";

/** A signed-in socket (not yet connected when `reconnect` is set: wait for "connect"); `room` names its room in the handshake, as the browser's room sockets do. */
export async function signedInSocket(url: string, user: { id: string; name: string }, reconnect = false, room?: string): Promise<Socket> {
  return connect(url, {
    transports: ["websocket"],
    ...(room ? { query: { room } } : {}),
    extraHeaders: { cookie: await sessionCookie(user) },
    forceNew: true,
    reconnection: reconnect,
    reconnectionDelay: 50,
    reconnectionDelayMax: 250,
    randomizationFactor: 0.2,
  });
}

/** Resolves once the socket is connected; rejects on a connection error, or when it takes longer than `timeoutMs` (the client itself never gives up on a namespace handshake). */
export function connected(socket: Socket, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    const timer = setTimeout(() => reject(new Error(`not connected within ${timeoutMs} ms`)), timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once("connect_error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

/** Emits with an ack; a server that never answers (or goes away) is a typed error too. */
export function request<T = object>(socket: Socket, event: string, input: unknown, timeoutMs = 10_000): Promise<Ack<T>> {
  return new Promise((resolve) => {
    socket.timeout(timeoutMs).emit(event, input, (err: Error | null, r: Ack<T>) => {
      resolve(err ? { ok: false, code: "net/timeout", message: err.message } : r);
    });
  });
}

/**
 * Like `request`, but the packet is written to the connection as text, past
 * the client's own encoder: for inputs the encoder cannot walk (thousands of
 * levels deep), which a hostile client can still send.
 */
export function requestRaw<T = object>(socket: Socket, event: string, inputJson: string, timeoutMs = 10_000): Promise<Ack<T>> {
  const internals = socket as unknown as { ids: number; acks: Record<number, (r: Ack<T>) => void> };
  const id = internals.ids++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      delete internals.acks[id];
      resolve({ ok: false, code: "net/timeout", message: "no answer" });
    }, timeoutMs);
    internals.acks[id] = (r) => {
      clearTimeout(timer);
      resolve(r);
    };
    (socket.io.engine as unknown as { write(m: string): void }).write(`2${id}[${JSON.stringify(event)},${inputJson}]`);
  });
}

/** Like `request`, but waits and asks again while the server's per-socket rate limit refuses (set-up of many rooms). */
export async function requestPatiently<T = object>(socket: Socket, event: string, input: unknown, timeoutMs = 10_000): Promise<Ack<T>> {
  for (let wait = 100; ; wait = Math.min(2000, wait * 2)) {
    const r = await request<T>(socket, event, input, timeoutMs);
    if (r.ok || r.code !== "rate/limited") return r;
    await new Promise((res) => setTimeout(res, wait));
  }
}

export interface SeatClientOptions {
  url: string;
  user: { id: string; name: string };
  code: string;
  /** The game whose bot picks this seat's moves (none: the seat only sends what it is given). */
  game?: AnyGame;
  /** Reconnect like a browser after the server goes away (default: no). */
  reconnect?: boolean;
  /** Every payload of its room this seat is sent, as it arrives. */
  onState?: (p: RoomPayload) => void;
  /** After each (re)connect, once the room has been watched again. */
  onWatched?: (p: RoomPayload) => void;
}

export type ActOutcome = { kind: "ack"; version: number; clientId?: string } | { kind: "refused"; code: string } | { kind: "no-answer"; reason: string };

export class SeatClient {
  payload: RoomPayload | null = null;
  code: string;
  private readonly feeds: RoomFeeds;

  private constructor(
    readonly socket: Socket,
    private readonly o: SeatClientOptions,
  ) {
    this.code = o.code;
    // the same feeds the browser watches rooms through
    this.feeds = new RoomFeeds(
      (event, input) => request(socket, event, input),
      (p) => {
        if (p.code !== this.code) return;
        this.payload = p;
        this.o.onState?.(p);
      },
    );
    this.feeds.listen(socket);
    // the first watch is open()'s; after a reconnect the seat watches again by itself
    let connects = 0;
    socket.on("connect", () => {
      if (connects++ > 0) void this.watch();
    });
    if (o.reconnect) {
      // like the browser: a room that moved to another process, or a server that closed the socket, means connecting again (routed anew)
      socket.on("room:moved", () => this.reroute());
      socket.on("disconnect", (reason) => {
        if (reason === "io server disconnect") setTimeout(() => socket.connect(), 50);
      });
    }
  }

  private reroute(): void {
    if (!this.socket.active) return;
    this.socket.disconnect();
    setTimeout(() => this.socket.connect(), 50 + Math.random() * 100);
  }

  /** Connects and watches the room; claims a seat when `claim` is set and the user has none. */
  static async open(o: SeatClientOptions, claim = false): Promise<SeatClient> {
    const c = new SeatClient(await signedInSocket(o.url, o.user, o.reconnect, o.code), o);
    try {
      await connected(c.socket);
      await c.enter(claim);
    } catch (e) {
      c.close();
      throw e;
    }
    return c;
  }

  /**
   * open(), asked again after a short pause when it fails (up to `tries` times):
   * for set-ups that open many seats while rooms move to the process their
   * sockets are routed to, and on a shared machine where a handshake now and
   * then never completes. Says on stderr what failed.
   */
  static async openPatiently(o: SeatClientOptions, claim = false, tries = 3): Promise<SeatClient> {
    for (let n = 1; ; n++) {
      try {
        return await SeatClient.open(o, claim);
      } catch (e) {
        if (n >= tries) throw e;
        console.error(`  ${o.user.id} in ${o.code}: ${e instanceof Error ? e.message : String(e)}; trying again`);
        await new Promise((r) => setTimeout(r, 300 * n));
      }
    }
  }

  /** Leaves the current room for another one (same socket, same user; a socket routed by its room reopens as another SeatClient instead). */
  async move(code: string, claim = false): Promise<void> {
    void this.socket.emit("room:unwatch", { code: this.code });
    this.feeds.forget(this.code);
    this.code = code;
    this.payload = null;
    await this.enter(claim);
  }

  private async enter(claim: boolean): Promise<void> {
    await this.watch();
    if (claim && !this.payload?.you) {
      const r = await this.request<{ seat: string }>("seat:claim", { code: this.code });
      if (!r.ok) throw new Error(`${this.o.user.id} could not take a seat in ${this.code}: ${r.code}`);
      // the claim moves this socket to the seat and sends its whole payload; wait for it
      if (!this.payload?.you) await this.watch();
    }
  }

  private async watch(): Promise<void> {
    const r = await this.feeds.watch(this.code);
    if (r.ok && r.payload.code === this.code) this.o.onWatched?.(r.payload);
    else if (!r.ok && r.code === "room/moved" && this.o.reconnect) this.reroute();
  }

  request<T = object>(event: string, input: unknown, timeoutMs = 10_000): Promise<Ack<T>> {
    return request<T>(this.socket, event, input, timeoutMs);
  }

  get seat(): string | null {
    return this.payload?.you ?? null;
  }

  /** The bot's move from the latest view, or null when it has nothing to do (or the game is not running). */
  nextMove(rng: Rng): unknown | null {
    const p = this.payload;
    if (!this.o.game || !p || p.status !== "running" || !p.you || p.view === null || p.phase === null) return null;
    return this.o.game.bot(p.view, { seat: p.you, rng, phase: p.phase });
  }

  /** Sends one action; never resends it. */
  async act(action: unknown, clientId: string, timeoutMs = 10_000): Promise<ActOutcome> {
    const r = await this.request<{ version: number; clientId?: string }>("game:act", { code: this.code, action, clientId }, timeoutMs);
    if (r.ok) return { kind: "ack", version: r.version, clientId: r.clientId };
    if (r.code === "net/timeout") return { kind: "no-answer", reason: r.message };
    return { kind: "refused", code: r.code };
  }

  close(): void {
    this.socket.close();
  }
}
