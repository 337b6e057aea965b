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
//   writes    putting the held packets on the sockets (framing and system calls)
export const stageTimes = { edge: 0, fold: 0, payloads: 0, writes: 0 };

export type Stage = keyof typeof stageTimes;
