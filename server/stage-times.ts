// Where the server's time goes, stage by stage: the time spent inside each
// stage of handling commands, summed over the process's life. The load
// benchmark divides each sum's growth over its window by the actions
// acknowledged and sets it beside the process's CPU time; what the stages leave
// is everything between them (socket reads and Socket.IO's parsing, the
// database client, the collector's pauses outside a stage, timers and promise
// turns). A stage costs two clock reads; nothing is kept per room or action.
//   edge      a socket event's checks (rate limits, size and depth, schema) and
//             its handler up to the first wait (finding the room, queueing)
//   fold      folding an event into the room and making its commit (before the write)
//   payloads  after the write: every listening group's payload, patch and packet
//   writes    putting the held packets on the sockets (framing and system calls),
//             also when a long batch puts them there early, inside the payloads
//             stage, which then leaves that time out
import { Histogram } from "./histogram";

export const stageTimes = { edge: 0, fold: 0, payloads: 0, writes: 0 };

export type Stage = keyof typeof stageTimes;

/**
 * What commands wait for on the server, one histogram per wait, since the
 * process started or the benchmark last reset them:
 *   queue    a player's action, for the commands queued before it in its room
 *            (they run one at a time)
 *   durable  any commit, for its batch write: from the append until it is done
 * An action's time on the server is about these two plus its fold and its
 * payloads; what a player sees beyond that is the event loop, the sockets and
 * the client. Recording a wait costs a clock read, a logarithm and a map update.
 */
export const waitTimes = { queue: new Histogram(), durable: new Histogram() };

export type Wait = keyof typeof waitTimes;
