// V8 flags the Garnet server runs with, shared by `npm start` and the load benchmark
// (which runs its echo floor with the same flags). A large young generation suits a
// server that allocates a view and patch per recipient per change and keeps each
// recipient's last payload only until the room's next change: the rarer the scavenges,
// the more of those payloads are already gone and need not be copied. V8 grows the young
// generation only while much of what it allocates survives. Figures and memory cost:
// docs/benchmarks-history.md, "Cost per action, eleventh pass".
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=128"];
