// Seasons: the roster, and each episode's rooms created from it. An episode's
// step is derived from its rooms and the ledger (lib/season/episodes.ts), so
// nothing here holds state a restart could lose; the ledger itself is written
// by the rooms, with their game-over events (server/rooms/room.ts).
import { randomBytes, randomUUID } from "node:crypto";
import { seatIds } from "../../lib/games/core/seats";
import type { AnyGame } from "../../lib/games/core/types";
import { books, inputsFor } from "../../lib/season/book";
import type { SeasonCommand } from "../../lib/season/protocol";
import { seasonSettings, type LedgerKind, type SeasonData, type SeasonLink, type SeasonRoomInfo, type SeasonStage } from "../../lib/season/types";
import { seasonView, type SeasonView, type SeasonViewer } from "../../lib/season/view";
import type { Db } from "../db/client";
import { newRoomCode, type RoomManager, type SeatFill } from "../rooms/manager";
import { CommandError, type Room } from "../rooms/room";
import type { SessionUser } from "../sockets/auth";

const MAX_MEMBERS = 32;
/** Season rooms never reveal everything to spectators at the end: private balances carry into later episodes. */
const SEASON_SPECTATORS = { mode: "live" as const, lag: 1, revealAtEnd: false };

type SeasonRow = { id: string; code: string; invite: string; hostId: string; status: "active" | "finished" };

export class Seasons {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly lastStatus = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly rooms: RoomManager,
    private readonly lookupGame: (id: string) => AnyGame | undefined,
    /** Tells the season's pages that something changed (they fetch their own view again). */
    private readonly notify: (code: string) => void,
  ) {}

  /** Runs one season's commands one at a time, so two clicks cannot create two rooms for one step. */
  private serial<T>(code: string, fn: () => Promise<T>): Promise<T> {
    const next = (this.queues.get(code) ?? Promise.resolve()).then(fn);
    this.queues.set(code, next.catch(() => undefined));
    return next;
  }

  async create(host: SessionUser, name: string, settings: unknown): Promise<{ code: string; invite: string }> {
    const parsed = seasonSettings.parse(settings ?? {});
    const invite = randomBytes(12).toString("base64url");
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = newRoomCode();
      try {
        await this.db.season.create({ data: { id: randomUUID(), code, invite, name, hostId: host.id, settings: parsed } });
        return { code, invite };
      } catch (e) {
        if ((e as { code?: string }).code === "P2002") continue;
        throw e;
      }
    }
    throw new CommandError("season/code", "Could not allocate a season code; try again.");
  }

  private async row(code: string): Promise<SeasonRow> {
    const s = await this.db.season.findUnique({ where: { code }, select: { id: true, code: true, invite: true, hostId: true, status: true } });
    if (!s) throw new CommandError("season/not_found", `There is no season ${code}.`);
    return s;
  }

  private async hostRow(code: string, userId: string): Promise<SeasonRow> {
    const s = await this.row(code);
    if (s.hostId !== userId) throw new CommandError("season/host_only", "Only the season's host can do that.");
    if (s.status !== "active") throw new CommandError("season/over", "This season is over.");
    return s;
  }

  /** Everything stored about the season. */
  async data(code: string): Promise<SeasonData & { id: string; hostId: string; invite: string }> {
    const s = await this.db.season.findUnique({
      where: { code },
      include: { host: true, members: { orderBy: { position: "asc" } }, rooms: { include: { room: { select: { code: true, gameId: true, status: true } } } }, ledger: { orderBy: { id: "asc" } } },
    });
    if (!s) throw new CommandError("season/not_found", `There is no season ${code}.`);
    const rooms: SeasonRoomInfo[] = s.rooms.map((r) => ({
      roomId: r.roomId,
      code: r.room.code,
      gameId: r.room.gameId,
      gameName: this.lookupGame(r.room.gameId)?.meta.name ?? r.room.gameId,
      status: r.room.status,
      episode: r.episode,
      stage: r.stage as SeasonStage,
      members: r.members as Record<string, string>,
      createdAt: r.createdAt.getTime(),
    }));
    return {
      id: s.id,
      hostId: s.hostId,
      invite: s.invite,
      code: s.code,
      name: s.name,
      status: s.status,
      hostName: s.host.name,
      settings: seasonSettings.parse(s.settings),
      members: s.members.map((m) => ({ id: m.id, name: m.name, isBot: m.isBot, userId: m.userId, position: m.position })),
      rooms,
      ledger: s.ledger.map((r) => ({
        id: r.id.toString(),
        at: r.at.getTime(),
        seasonId: r.seasonId,
        episode: r.episode,
        memberId: r.memberId,
        roomId: r.roomId,
        eventSeq: r.eventSeq,
        seat: r.seat,
        kind: r.kind as LedgerKind,
        amount: r.amount,
        data: (r.data ?? null) as Record<string, unknown> | null,
      })),
    };
  }

  /** Who this user is to the season. */
  viewerOf(data: { hostId: string; members: { id: string; userId: string | null }[] }, user: SessionUser | null): SeasonViewer {
    if (user && user.id === data.hostId) return { role: "host" };
    const m = user ? data.members.find((x) => x.userId === user.id) : undefined;
    return m ? { role: "member", memberId: m.id } : { role: "public" };
  }

  /** The season page for this user; the host also gets the invite link's secret. */
  async view(code: string, user: SessionUser | null): Promise<SeasonView & { invite?: string }> {
    const data = await this.data(code);
    const viewer = this.viewerOf(data, user);
    const v = seasonView(data, viewer);
    return viewer.role === "host" ? { ...v, invite: data.invite } : v;
  }

  async join(user: SessionUser, code: string, invite: string): Promise<{ memberId: string }> {
    return this.serial(code, async () => {
      const s = await this.row(code);
      if (s.invite !== invite) throw new CommandError("season/invite", "That invite link is not valid for this season.");
      if (s.hostId === user.id) throw new CommandError("season/host", "The host runs the season and does not play in it.");
      const existing = await this.db.seasonMember.findFirst({ where: { seasonId: s.id, userId: user.id } });
      if (existing) return { memberId: existing.id };
      const m = await this.addMember(s, { userId: user.id, name: user.name, isBot: false });
      return { memberId: m };
    });
  }

  private async addMember(s: SeasonRow, who: SeatFill): Promise<string> {
    if (s.status !== "active") throw new CommandError("season/over", "This season is over.");
    if (await this.db.seasonRoom.count({ where: { seasonId: s.id } })) throw new CommandError("season/started", "The roster is fixed once the first episode has begun.");
    const count = await this.db.seasonMember.count({ where: { seasonId: s.id } });
    if (count >= MAX_MEMBERS) throw new CommandError("season/full", `A season has at most ${MAX_MEMBERS} members.`);
    const id = randomUUID();
    const name = who.isBot ? `Bot ${count + 1}` : who.name;
    await this.db.seasonMember.create({ data: { id, seasonId: s.id, userId: who.userId, name, isBot: who.isBot, position: count } });
    this.notify(s.code);
    return id;
  }

  /** A host command: the next step of the season. Returns the room it created, if any. */
  async command(user: SessionUser, code: string, cmd: SeasonCommand): Promise<{ room?: string }> {
    return this.serial(code, async () => {
      const s = await this.hostRow(code, user.id);
      if (cmd.type === "addBot") {
        await this.addMember(s, { userId: null, name: "", isBot: true });
        return {};
      }
      if (cmd.type === "finish") {
        await this.db.season.update({ where: { id: s.id }, data: { status: "finished" } });
        this.notify(s.code);
        return {};
      }
      const data = await this.data(code);
      const next = seasonView(data, { role: "host" }).next;
      const book = books(data.members, data.ledger, data.settings, 0);
      const alive = data.members.filter((m) => book.get(m.id)?.eliminatedIn === null);
      let room: Room;
      if (cmd.type === "main") {
        if (next?.kind !== "main") throw new CommandError("season/step", "Finish the current episode first.");
        const game = this.lookupGame(cmd.gameId);
        if (!game?.season || game.season.role !== "main" || game.meta.seasonOnly) throw new CommandError("season/game", "Choose a main match game.");
        const chosen = cmd.members ? alive.filter((m) => cmd.members!.includes(m.id)) : alive;
        if (cmd.members && chosen.length !== new Set(cmd.members).size) throw new CommandError("season/members", "Every seat must go to a different member who is still in the season.");
        room = await this.createRoom(user, data, next.episode, "main", game, chosen.map((m) => m.id), cmd.config, book);
      } else if (cmd.type === "pick") {
        if (next?.kind !== "pick") throw new CommandError("season/step", "There is no Elimination Candidate waiting to name an opponent.");
        const ep = seasonView(data, { role: "host" }).episodes.find((e) => e.number === next.episode)!;
        const candidates = ep.candidates.filter((id) => alive.some((m) => m.id === id));
        if (!candidates.length) throw new CommandError("season/no_candidates", "Nobody is left for the EC to name.");
        const game = this.gameWithRole("pick");
        room = await this.createRoom(user, data, next.episode, "pick", game, [next.ec, ...candidates], { candidates: seatIds(candidates.length + 1).slice(1), seconds: data.settings.pickSeconds }, book);
        // the choice is timed: it starts at once
        await room.host(user.id, { type: "start", fillWithBots: false });
      } else {
        if (next?.kind !== "death") throw new CommandError("season/step", "The death match needs a named opponent first.");
        room = await this.createRoom(user, data, next.episode, "death", this.gameWithRole("death"), [next.ec, next.opponent], cmd.config, book);
      }
      this.notify(s.code);
      return { room: room.code };
    });
  }

  private gameWithRole(role: "pick" | "death"): AnyGame {
    const game = ["opponent-choice", "thoths-bluff"].map((id) => this.lookupGame(id)).find((g) => g?.season?.role === role);
    if (!game) throw new CommandError("season/game", `No ${role === "pick" ? "opponent choice" : "death match"} game is installed.`);
    return game;
  }

  /** A room of the season with its members seated and the ledger's balances in its config. */
  private async createRoom(user: SessionUser, data: SeasonData & { id: string }, episode: number, stage: SeasonStage, game: AnyGame, memberIds: string[], config: Record<string, unknown>, book: ReturnType<typeof books>): Promise<Room> {
    const seats = seatIds(memberIds.length);
    const members = Object.fromEntries(seats.map((s, i) => [s, memberIds[i]!]));
    const inputs = inputsFor(book, members, episode);
    const link: SeasonLink = {
      seasonId: data.id,
      episode,
      stage,
      members,
      context: { tokenOfLife: data.settings.tokenOfLife, tokensHeld: Object.fromEntries(seats.map((s) => [s, book.get(members[s]!)?.tokens ?? 0])) },
    };
    const seated = memberIds.map((id): SeatFill => {
      const m = data.members.find((x) => x.id === id)!;
      return { userId: m.userId, name: m.name, isBot: m.isBot };
    });
    const full = game.season!.configure(config, inputs, seats);
    return this.rooms.createRoom(user.id, game.meta.id, seats.length, full, SEASON_SPECTATORS, { seated, season: link });
  }

  /** Room hook: a season room that started or ended tells its season's pages. */
  roomChanged(room: Room): void {
    if (!room.season || this.lastStatus.get(room.id) === room.status) return;
    this.lastStatus.set(room.id, room.status);
    void this.db.season
      .findUnique({ where: { id: room.season.seasonId }, select: { code: true } })
      .then((s) => s && this.notify(s.code))
      .catch(() => undefined);
  }

  /** The season a room belongs to (its code and name are public), or null. */
  async ofRoom(roomCode: string): Promise<{ code: string; name: string } | null> {
    const r = await this.db.room.findUnique({ where: { code: roomCode }, select: { seasonRoom: { select: { season: { select: { code: true, name: true } } } } } });
    return r?.seasonRoom?.season ?? null;
  }

  /** Whether a season room's whole log (and so its replay) is open to everyone: once its season is over. */
  async logOpen(seasonId: string): Promise<boolean> {
    const s = await this.db.season.findUnique({ where: { id: seasonId }, select: { status: true } });
    return s?.status === "finished";
  }

  /** The season as JSON, for this user: the page's data with every row they may read. */
  async exportJson(code: string, user: SessionUser | null): Promise<object> {
    const data = await this.data(code);
    const viewer = this.viewerOf(data, user);
    const v = seasonView(data, viewer);
    return {
      exportedFor: viewer.role,
      season: { code: v.code, name: v.name, status: v.status, host: v.hostName, settings: v.settings },
      members: v.standings,
      episodes: v.episodes,
      eliminations: v.timeline,
      ledger: v.ledger,
    };
  }
}

