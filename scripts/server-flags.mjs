// V8 flags the Garnet server runs with, shared by `npm start` and the load benchmark
// (which runs its echo floor with the same flags). A large young generation suits a
// server that allocates a view and patch per recipient per change and keeps each
// recipient's last payload only until the room's next change: the rarer the scavenges,
// the more of those payloads are already gone and need not be copied. V8 grows the young
// generation only while much of what it allocates survives. Figures and memory cost:
// docs/benchmarks-history.md, "Cost per action, eleventh pass".
//
// After each full collection, the old generation may grow to twice what survived it before
// the next. Left to itself, V8 lets it grow by as little as a tenth when its model says
// collecting is cheap beside the allocation rate. A server whose heap is mostly its rooms'
// long-lived state, and that promotes a little of each change, then marks all of it every
// few seconds (14 full collections in a minute of 8-seat rooms), on helper threads that
// compete with the main one on a small machine. Figures and memory cost: docs/benchmarks.md,
// "The forty-third pass".
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=128", "--heap-growing-percent=100"];
