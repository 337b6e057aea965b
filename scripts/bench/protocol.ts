// What the benchmark's orchestrator and its driver workers say to each other.
import type { HistogramData } from "../../server/histogram";

export interface RoomSpec {
  gameId: string;
  seats: number;
  config: Record<string, unknown>;
}

export type WorkerRequest =
  | {
      type: "setup";
      url: string;
      /** "garnet": moves come from the game's bot; "echo": a constant small action. */
      mode: "garnet" | "echo";
      worker: number;
      rooms: RoomSpec[];
      /** Each seat acts at most once per this many ms. */
      paceMs: number;
      /** Echo mode: chance that a tick sends (so the floor runs at Garnet's achieved rate). */
      sendChance: number;
      /**
       * Sockets name their room in the handshake and are routed by it (a cluster
       * primary): a room's host commands go on a socket of that room, and a seat
       * moving to its next room opens a new socket rather than reusing its own.
       */
      routed?: boolean;
      /** Each room is also watched by its host's console: a socket of its own per room, signed in as the host (the floor: one more socket in the room). */
      consoles?: boolean;
    }
  | {
      /**
       * Before the window: plays every room (with its seats' bots, as fast as
       * the server answers) a random way into its game, each to a number of
       * actions drawn evenly below the actions of one seeded bot game of its
       * kind, so that the window sees rooms at every stage of their games, as
       * a server that has run for a while does. Answers once every room got
       * there, finished its game, or `maxMs` passed.
       */
      type: "age";
      maxMs: number;
    }
  | { type: "go" }
  | { type: "window" }
  | { type: "collect" }
  | { type: "stop"; drainMs: number }
  | { type: "exit" };

export interface WindowReport {
  ack: HistogramData;
  /** Action → each other seat's payload of that version. */
  view: HistogramData;
  /** Action → the last other seat's payload of that version. */
  viewAll: HistogramData;
  ticks: number;
  recycling: number;
  sent: number;
  acked: number;
  refused: Record<string, number>;
  recycled: number;
  /** Characters of text the seats received (payloads and acks). */
  received: number;
  /** Other seats of an acknowledged action that it showed nothing, so that they were not sent it. */
  unseen: number;
  loopDelayP99Ms: number;
  rssBytes: number;
}

export type WorkerReply =
  | { type: "ready"; rooms: number; sockets: number }
  | { type: "ok" }
  | { type: "aged"; actions: number; rooms: number; reached: number; refused: Record<string, number> }
  | { type: "report"; window: WindowReport }
  | { type: "stopped"; sent: number; acked: number; refused: number; unanswered: number; unreplaced: number; viewsMissing: number };
