// Connections of their own for the room batch writes. A batch is one named
// statement with text parameters and no rows back, run once per batch: at a
// match's pace that is once per action, so what a query costs the server
// beside the database's work counts. As a node-postgres query through the
// pool (a Query object, the pool's check-out and idle timer, a Describe and a
// result for rows that never come) a batch write of one commit cost the server
// 119–124 µs of CPU; this way, 76–95 µs (docs/benchmarks-history.md,
// thirty-fourth pass). Here a run is a Submittable whose messages (Parse the
// first time on a connection, then Bind, Execute, Sync) leave in one buffer,
// and whose answer is ReadyForQuery or an error.
//
// A statement is planned again after so many runs on its connection: closed
// and parsed anew in the run's own buffer (client.ts: a named statement keeps
// the plan it settled on for as long as it lives). The connection itself
// stays: a new one cost the run that opened it about 120 ms at the ORG pace
// (a new backend's start and its first statement, every commit of the batch
// waiting), where planning again costs about a millisecond
// (docs/benchmarks-history.md, thirty-fifth pass). One that fails is dropped and
// another opened on the next run. A run waits for a free connection rather
// than queueing on a busy one. A connection with nothing in flight does not
// keep the process alive, as the pool's idle ones do not.
import pg from "pg";

/** A named statement with text parameters (JSON lists, for the batch), as node-postgres's QueryConfig names them. */
export interface NamedStatement {
  name: string;
  text: string;
  values: string[];
}

const cstringLength = (s: string) => Buffer.byteLength(s) + 1;

/** Writes `text` and its NUL at `at`; returns the offset after them. */
function cstring(out: Buffer, at: number, text: string): number {
  at += out.write(text, at);
  out[at] = 0;
  return at + 1;
}

/**
 * What a run does with its statement before binding it: nothing (the
 * connection has it parsed), parse it (the connection has not), or close it and
 * parse it again (it served its runs: planned anew against the tables as they
 * are now).
 */
export type Prepare = "none" | "parse" | "again";

/**
 * The extended-protocol messages that run `s` once with an unnamed portal, in
 * one buffer: Close and Parse as `prepare` says, Bind with every parameter as
 * text and results as text, Execute with no row limit, Sync. No Describe: the
 * statement returns no rows. Should any fail, PostgreSQL skips the rest up to
 * the Sync, so a statement closed is never left unparsed by a run that went on.
 */
export function runMessages(s: NamedStatement, prepare: Prepare): Buffer {
  const values = s.values.map((v) => Buffer.byteLength(v));
  const closeBody = prepare === "again" ? 4 + 1 + cstringLength(s.name) : 0;
  const parseBody = prepare !== "none" ? 4 + cstringLength(s.name) + cstringLength(s.text) + 2 : 0;
  const bindBody = 4 + 1 + cstringLength(s.name) + 2 + 2 + values.reduce((n, len) => n + 4 + len, 0) + 2;
  const out = Buffer.allocUnsafe((closeBody ? 1 + closeBody : 0) + (parseBody ? 1 + parseBody : 0) + 1 + bindBody + 10 + 5);
  let at = 0;
  if (closeBody) {
    out[at++] = 0x43; // 'C'
    at = out.writeInt32BE(closeBody, at);
    out[at++] = 0x53; // 'S': a prepared statement
    at = cstring(out, at, s.name);
  }
  if (parseBody) {
    out[at++] = 0x50; // 'P'
    at = out.writeInt32BE(parseBody, at);
    at = cstring(out, at, s.name);
    at = cstring(out, at, s.text);
    at = out.writeInt16BE(0, at); // no parameter types: the statement casts its own
  }
  out[at++] = 0x42; // 'B'
  at = out.writeInt32BE(bindBody, at);
  out[at++] = 0; // the unnamed portal
  at = cstring(out, at, s.name);
  at = out.writeInt16BE(0, at); // every parameter as text
  at = out.writeInt16BE(s.values.length, at);
  for (let i = 0; i < s.values.length; i++) {
    at = out.writeInt32BE(values[i]!, at);
    at += out.write(s.values[i]!, at);
  }
  at = out.writeInt16BE(0, at); // results as text
  out[at++] = 0x45; // 'E'
  at = out.writeInt32BE(9, at);
  out[at++] = 0; // the unnamed portal
  at = out.writeInt32BE(0, at); // every row
  out[at++] = 0x53; // 'S'
  out.writeInt32BE(4, at);
  return out;
}

/** What node-postgres's connection holds that a run reads: its socket, and the statements it has parsed. */
interface WireConnection {
  stream: { write(b: Buffer): boolean };
  parsedStatements: Record<string, string>;
}

/**
 * One run of a named statement, as node-postgres's client drives a query: it
 * submits the run when the connection is free and hands it the backend's
 * answers. `name` and `text` let the client record the statement as parsed on
 * its connection (ParseComplete), so that later runs there only bind it.
 */
class Run implements pg.Submittable {
  readonly name: string;
  readonly text: string;
  constructor(
    private readonly statement: NamedStatement,
    /** Close and parse the statement again, where the connection has it. */
    private readonly replan: boolean,
    private done: ((e: Error | null) => void) | null,
  ) {
    this.name = statement.name;
    this.text = statement.text;
  }
  submit(connection: pg.Connection): void {
    const c = connection as unknown as WireConnection;
    const prepare: Prepare = c.parsedStatements[this.name] === undefined ? "parse" : this.replan ? "again" : "none";
    // parsed again, it is the connection's once more at its ParseComplete; until then (or if the Parse fails) the next run parses it
    if (prepare === "again") delete c.parsedStatements[this.name];
    c.stream.write(runMessages(this.statement, prepare));
  }
  private finish(e: Error | null): void {
    const done = this.done;
    this.done = null;
    done?.(e);
  }
  // an error (of the statement, or the connection's) comes instead of ReadyForQuery; rows and completions need nothing
  handleError(e: Error): void {
    this.finish(e);
  }
  handleReadyForQuery(): void {
    this.finish(null);
  }
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}
}

/** node-postgres's client as the writer drives it: ref and unref are at run time only. */
type WriterClient = pg.Client & { ref(): void; unref(): void };

interface Slot {
  client: WriterClient;
  connected: Promise<void>;
  /** Runs of each statement since it was last planned on this connection. */
  runs: Map<string, number>;
  /** A run is on it (one at a time: a run waits for a free connection rather than queueing on a busy one). */
  busy: boolean;
  /** Failed or ended: takes no more, and is closed once free. */
  retired: boolean;
}

export interface WriterOptions {
  /** Connections at most (the store has at most this many batch writes in flight). */
  connections: number;
  /** Runs of a statement on a connection before it is planned again there. */
  runsPerPlan: number;
}

export class StatementWriter {
  private slots: Slot[] = [];
  /** Runs waiting for a free connection, first come first served. */
  private waiting: { take: (slot: Slot) => void; fail: (e: Error) => void }[] = [];
  private ended = false;

  constructor(
    /** A new, unconnected client (tests keep it, to look at what the connection holds). */
    private readonly newClient: () => pg.Client,
    private readonly opts: WriterOptions,
  ) {}

  /** Runs the statement once; resolves when the database answered it (committed, outside a transaction), rejects with its error. */
  async run(s: NamedStatement): Promise<void> {
    if (this.ended) throw new Error("the statement writer has ended");
    const slot = this.take() ?? (await new Promise<Slot>((take, fail) => this.waiting.push({ take, fail })));
    const runs = (slot.runs.get(s.name) ?? 0) + 1;
    const replan = runs > this.opts.runsPerPlan;
    slot.runs.set(s.name, replan ? 1 : runs);
    try {
      await slot.connected;
      await new Promise<void>((resolve, reject) => slot.client.query(new Run(s, replan, (e) => (e ? reject(e) : resolve()))));
    } catch (e) {
      // a statement the database refused leaves its connection serving; any other failure ends it
      if (!(e instanceof pg.DatabaseError) || e.severity === "FATAL" || e.severity === "PANIC") slot.retired = true;
      throw e;
    } finally {
      this.free(slot);
    }
  }

  /** A free connection, made busy: an idle one, else a new one while there are fewer than allowed; null when every one is busy. */
  private take(): Slot | null {
    let live = 0;
    for (const s of this.slots) {
      if (s.retired) continue;
      if (!s.busy) return this.busy(s);
      live++;
    }
    return live < this.opts.connections ? this.busy(this.open()) : null;
  }

  private busy(slot: Slot): Slot {
    slot.busy = true;
    slot.client.ref();
    return slot;
  }

  /** A run is done with `slot`: the next waiting run takes it (or a new connection, when it failed); else it idles. */
  private free(slot: Slot): void {
    slot.busy = false;
    if (slot.retired) this.close(slot);
    const next = this.waiting.length ? this.take() : null;
    if (next) this.waiting.shift()!.take(next);
    else if (!slot.retired) slot.client.unref();
  }

  private open(): Slot {
    const client = this.newClient() as WriterClient;
    const slot: Slot = { client, connected: Promise.resolve(), runs: new Map(), busy: false, retired: false };
    // a failed or closed connection takes no more runs; a run on it gets the error from the client (and the store says so)
    client.on("error", (e: Error & { code?: string }) => {
      if (!slot.busy && !this.ended) console.error(`batch writes: an idle connection failed (${e.code ?? e.message}); it will be replaced`);
      this.retire(slot);
    });
    client.on("end", () => this.retire(slot));
    slot.connected = client.connect().then(
      () => undefined,
      (e: unknown) => {
        this.retire(slot);
        throw e;
      },
    );
    // nobody need wait on the connection for a run not yet made
    slot.connected.catch(() => undefined);
    this.slots.push(slot);
    return slot;
  }

  private retire(slot: Slot): void {
    slot.retired = true;
    if (!slot.busy) this.close(slot);
  }

  private close(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    slot.client.end().catch(() => undefined);
  }

  /** Ends every connection (after the store's drain: a run still in flight fails, one waiting is refused). */
  async end(): Promise<void> {
    this.ended = true;
    for (const w of this.waiting.splice(0)) w.fail(new Error("the statement writer has ended"));
    const clients = this.slots.map((s) => s.client);
    this.slots = [];
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}
