// V8 flags the Garnet server runs with, shared by `npm start` and the load benchmark
// (which runs its echo floor with the same flags). A larger young generation suits a
// server that allocates a short-lived view and patch per recipient per change: on the
// load benchmark it cut server CPU per action by about 14 % (docs/benchmarks.md).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"];
