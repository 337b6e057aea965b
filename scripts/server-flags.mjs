// V8 flags the Garnet server runs with, shared by `npm start` and the load benchmark
// (which runs its echo floor with the same flags). A larger young generation suits a
// server that allocates a view and patch per recipient per change and keeps each
// recipient's last payload only until the room's next change: the longer between two
// scavenges, the more of those have already been replaced and need not be copied.
// 128 MB per semi-space took about a sixth off the serializer's CPU per change at the
// load benchmark's room count, and about 5 % off the server's CPU per action, for
// roughly 100 MiB more resident memory under that load (docs/benchmarks.md, eleventh
// pass). V8 starts the young generation at 1 MB and grows it only while much of what it
// allocates survives a scavenge, so an idle or lightly used server does not pay for it.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=128"];
