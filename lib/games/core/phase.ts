// What tells one phase from the next: its round and its key (the same key recurs
// every round). The one formula, shared by the engine, the server and the pages.

export function phaseIdOf(p: { round: number; key: string }): string {
  return `${p.round}:${p.key}`;
}
