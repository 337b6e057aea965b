// Runs the whole permission matrix (server/proof/permissions.ts) against a real
// server: each row on a room of its own, every caller in turn, the one the row
// allows to change something last.
import { describe, expect, it } from "vitest";
import { CALLERS, PERMISSIONS, type Caller, type PermissionRow } from "./proof/permissions";
import { fixtureGame } from "./test/fixture-game";
import { sessionCookie, useTestServer, type Client } from "./test/harness";

const users = {
  host: { id: "guest:pm-host", name: "Hana" },
  player: { id: "guest:pm-alice", name: "Alice" },
  bob: { id: "guest:pm-bob", name: "Bob" },
  outsider: { id: "guest:pm-eve", name: "Eve" },
  spectator: { id: "guest:pm-sam", name: "Sam" },
};

const t = useTestServer([fixtureGame]);

/** A room for one row: Alice in s1, Bob in s2, started with long phases; played to the end for rows about a finished game. */
async function roomFor(row: PermissionRow): Promise<{ code: string; clients: Record<Caller, Client> }> {
  const { h, seated, code } = await t.seatedRoom(users.host, [users.player, users.bob], { gameId: "fixture", config: { rounds: 1, pickSeconds: 600 } });
  await h.req("host:command", { code, command: { type: "start" } });
  if (row.room === "open") await h.req("host:command", { code, command: { type: "kick", seat: "s2" } });
  if (row.room === "finished") {
    for (const c of seated) await c.req("game:act", { code, action: { type: "pick", value: 3 } });
    await h.waitFor((p) => p.status === "finished");
  }
  const clients = { host: h, player: seated[0]!, anonymous: await t.client(), outsider: await t.client(users.outsider), spectator: await t.client(users.spectator) } as Record<Caller, Client>;
  await clients.spectator.req("room:watch", { code, as: "spectator" });
  return { code, clients };
}

const userOf: Record<Caller, { id: string; name: string } | undefined> = { anonymous: undefined, outsider: users.outsider, spectator: users.spectator, player: users.player, host: users.host };

async function ask(row: PermissionRow, caller: Caller, code: string, client: Client): Promise<string> {
  if (row.probe.kind === "http") {
    const user = userOf[caller];
    const res = await fetch(`${t.server.url}${row.probe.path({ code })}`, { headers: user ? { cookie: await sessionCookie(user) } : {} });
    const body = (await res.json()) as { ok?: boolean; code?: string };
    return res.ok ? "allow" : (body.code ?? `http ${res.status}`);
  }
  if (row.probe.watchFirst && caller !== "spectator") await client.req("room:watch", { code });
  const r = await client.req(row.probe.event, row.probe.input({ code }));
  return r.ok ? "allow" : r.code;
}

describe("the permission matrix", () => {
  for (const row of PERMISSIONS) {
    it(`${row.what}${row.room === "finished" ? " (game over)" : ""}`, async () => {
      const { code, clients } = await roomFor(row);
      // refusals first: the caller allowed to change something goes last
      const order = [...CALLERS].sort((a, b) => Number(row.expect[a] === "allow") - Number(row.expect[b] === "allow"));
      const got: Partial<Record<Caller, string>> = {};
      for (const caller of order) got[caller] = await ask(row, caller, code, clients[caller]);
      expect(got).toEqual(row.expect);
      for (const c of [clients.anonymous, clients.outsider, clients.spectator]) c.close();
      // (a host keeps at most 25 rooms open: each row's room is ended once it is checked)
      await clients.host.req("host:command", { code, command: { type: "end", reason: "The row is checked" } });
    });
  }
});
