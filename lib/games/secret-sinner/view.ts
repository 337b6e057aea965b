// What each viewer sees. Every view is built by copying what that viewer may
// know: a seat its own pairs, its own queries (without answers), the answers
// delivered to it and its own lock-ins; everyone the public board (letters and
// holders, realms; who is done is the phase's `waitingOn`) and, once released,
// the ordering of each realm. Scores, pairs of others and correctness are for the host only.
import { directChannelId } from "../core/chat";
import type { SeatId, Viewer } from "../core/types";
import { NONE, partKey, RecordParts, sharedAcrossRooms, sharedText, SharedValues, ViewParts } from "../core/view-parts";
import { board, delivered, isSeat, letterInfo, lettersOf, lockTargetProblem, queryRounds, recipientLimit, roundStageProblem } from "./engine";
import type { Letter, Realm, Standing, Tiebreak } from "./rules";
import { SINS, VIRTUES, areAllies, attributeLabel, rankRealm, recipientProblem, standingOf } from "./rules";
import type { State } from "./state";
import type { Answer, HostView, LockBoardEntry, PlayerEntry, QueryPanel, RecipientOption, ResultsView, SeatPanel, ReceivedAnswer, SentQuery, Unavailable, View } from "./view-types";

export type * from "./view-types";

const QUERY_RULE =
  "Three letters, at least one held in Heaven and one in Hell, no two held by the same player, plus one sin or virtue; sent to a player of the other realm.";

/** Parts kept per game (keyed by its config object, the same in every state of one game). */
const parts = new ViewParts<State["config"]>();

function dealt(state: State): boolean {
  return state.stage !== "briefing";
}

/**
 * Queries and lock-ins are append-only lists read once per viewer: each list
 * is split per seat (queries by sender and recipient) and per letter (lock-ins)
 * once, and every viewer reads its own part.
 */
const queryIndex = new WeakMap<State["queries"], Map<SeatId, State["queries"]>>();
const lockIndex = new WeakMap<State["locks"], Map<Letter, State["locks"]>>();

/** The index with each list copied at its exact length: a list grown by pushes keeps room for sixteen more, and the index lives as long as its state. */
function exact<K, T>(index: Map<K, T[]>): Map<K, T[]> {
  for (const [k, list] of index) index.set(k, list.slice());
  return index;
}

/** The queries `seat` sent or received, oldest first. */
function queriesOf(state: State, seat: SeatId): State["queries"] {
  let index = queryIndex.get(state.queries);
  if (!index) {
    index = new Map();
    for (const q of state.queries) {
      for (const s of q.sender === q.recipient ? [q.sender] : [q.sender, q.recipient]) {
        const list = index.get(s);
        if (list) list.push(q);
        else index.set(s, [q]);
      }
    }
    queryIndex.set(state.queries, exact(index));
  }
  return index.get(seat) ?? NONE;
}

/** The lock-ins of `letter`, oldest first (what `locksBy` gives). */
function locksOf(state: State, letter: Letter): State["locks"] {
  let index = lockIndex.get(state.locks);
  if (!index) {
    index = new Map();
    for (const l of state.locks) {
      const list = index.get(l.letter);
      if (list) list.push(l);
      else index.set(l.letter, [l]);
    }
    lockIndex.set(state.locks, exact(index));
  }
  return index.get(letter) ?? NONE;
}

/**
 * The whole view is kept per viewer and handed back as the very same object
 * while nothing it is built from changed, so the room's diff passes over it at
 * once. Everyone's view reads the public records below; a seat's also reads
 * the queries it sent or received and the lock-ins of its letters (listed
 * record by record: another seat's query or lock-in leaves it as it was); the
 * host's reads every query and lock-in.
 */
export function view(state: State, viewer: Viewer): View {
  const seat = viewer !== "host" && viewer !== "spectator" && isSeat(state, viewer) ? viewer : null;
  const records = seat ? seatRecords(state, seat) : NONE;
  const host = viewer === "host";
  const deps = [state.stage, state.round, state.seats, state.realms, state.letters, state.marked, seat !== null && state.done.includes(seat), state.result, host ? state.queries : records, host ? state.locks : null];
  return parts.get(state.config, partKey("view", viewer), deps, () => buildView(state, viewer, seat, records));
}

/** The state members every view reads whole: when one of them changes, any view may. */
const PUBLIC_MEMBERS = ["config", "seats", "realms", "marked", "letters", "stage", "round", "result"] as const satisfies readonly (keyof State)[];
/** The members views read only in part (who is done, a seat's own queries and lock-ins), and the one no view reads. */
const SPLIT_MEMBERS: ReadonlySet<string> = new Set(["done", "queries", "locks", "rng"] satisfies (keyof State)[]);

/** What `y` appended to `x` (nothing when they are one list), or null when `y` is not `x` with more after it. */
function added<T>(x: readonly T[], y: readonly T[]): readonly T[] | null {
  if (x === y) return NONE;
  if (y.length < x.length) return null;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return null;
  return y.slice(x.length);
}

/**
 * The views a move can change, from what `view` reads: while the public
 * members stay as they were, a seat marking itself done changes its own view,
 * a query its sender's and its recipient's, a lock-in the view of the holder
 * of the letter locked; the spectators' changes with none of them. Queries and
 * lock-ins are only ever appended: anything else may change any view.
 */
export function changedViews(before: State, after: State): SeatId[] | null {
  for (const k of PUBLIC_MEMBERS) if (before[k] !== after[k]) return null;
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  for (const k in a) if (!SPLIT_MEMBERS.has(k) && a[k] !== b[k]) return null;
  const out = new Set<SeatId>();
  if (before.done !== after.done) {
    for (const s of after.done) if (!before.done.includes(s)) out.add(s);
    for (const s of before.done) if (!after.done.includes(s)) out.add(s);
  }
  const queries = added(before.queries, after.queries);
  const locks = added(before.locks, after.locks);
  if (!queries || !locks) return null;
  for (const q of queries) out.add(q.sender).add(q.recipient);
  for (const l of locks) {
    const owner = after.letters.find((x) => x.letter === l.letter)?.owner;
    if (owner === undefined) return null;
    out.add(owner);
  }
  return [...out];
}

/**
 * The records a seat's panel reads: its queries, then its letters' lock-ins
 * (two kinds of object, so the split is never ambiguous). The list is one
 * object while its records stay the same: handed back as before when none of
 * the records added since is the seat's. The parts built from it then name the
 * list alone among their dependencies. It is gathered afresh on every call
 * (a few records, from the per-seat indexes) rather than kept against the
 * whole query and lock-in lists: a seat whose view a move leaves alone would
 * otherwise hold on to those lists as they were, with their indexes, until
 * its view was next built.
 */
function seatRecords(state: State, seat: SeatId): readonly unknown[] {
  const list: unknown[] = queriesOf(state, seat).slice();
  if (dealt(state)) for (const l of state.letters) if (l.owner === seat) for (const r of locksOf(state, l.letter)) list.push(r);
  return parts.sameList(state.config, partKey("records-list", seat), list);
}

function buildView(state: State, viewer: Viewer, seat: SeatId | null, records: readonly unknown[]): View {
  const cfg = state.config;
  return {
    viewer,
    stage: state.stage,
    round: state.round,
    rounds: cfg.rounds,
    queryRounds: queryRounds(state),
    attributes: parts.get(cfg, "attributes", [], () => sharedAcrossRooms({
      sins: SINS.map((id) => ({ id, label: attributeLabel(id) })),
      virtues: VIRTUES.map((id) => ({ id, label: attributeLabel(id) })),
    })),
    settings: parts.get(cfg, "settings", [], () => sharedAcrossRooms({
      maxLocksPerLetter: cfg.maxLocksPerLetter,
      heavenRecipientLimit: cfg.heavenRecipientLimit,
      hellRecipientLimit: cfg.hellRecipientLimit,
      queryOwnLetters: cfg.queryOwnLetters,
      lockOwnLetters: cfg.lockOwnLetters,
      publicChat: cfg.publicChat,
      scoring: { ...cfg.scoring },
    })),
    players: parts.get(cfg, "players", [state.seats, state.realms, state.letters, state.stage, state.marked], () => players(state)),
    board: dealt(state) ? keptBoard(state) : [],
    me: seat ? seatPanel(state, seat, records) : null,
    results: resultsView(state, viewer),
    host: viewer === "host" ? hostView(state) : null,
  };
}

/** The public board, kept while the letters and realms stay as they were. */
function keptBoard(state: State): ReturnType<typeof board> {
  return parts.get(state.config, "board", [state.letters, state.realms], () => board(state));
}

/**
 * Each seat's entry is kept while its realm, the letters and its mark stay as
 * they were. Who is done is not here: the phase's `waitingOn`, sent once to
 * everyone, already says it, so a seat marking itself done changes no view
 * but its own.
 */
function players(state: State): PlayerEntry[] {
  const letters = dealt(state) ? state.letters : NONE;
  return state.seats.map((seat) => {
    const realm = state.realms[seat]!;
    const marked = state.marked.includes(seat);
    return parts.get(state.config, partKey("player", seat), [realm, letters, marked], () => ({
      seat,
      realm,
      letters: letters.filter((l) => l.owner === seat).map((l) => l.letter),
      marked,
    }));
  });
}

/** A seat's panel reads what its parts read: the public records, whether it is done, and its own queries and lock-ins. */
function seatPanel(state: State, seat: SeatId, records: readonly unknown[]): SeatPanel {
  const deps = [state.seats, state.realms, state.letters, state.stage, state.round, state.done.includes(seat), records];
  return parts.get(state.config, partKey("panel", seat), deps, () => buildSeatPanel(state, seat));
}

function buildSeatPanel(state: State, seat: SeatId): SeatPanel {
  const mine = dealt(state) ? lettersOf(state, seat) : [];
  return {
    seat,
    realm: state.realms[seat]!,
    // the seat's letters and their pairs: the same list from move to move while the letters stay as they were
    letters: parts.get(state.config, partKey("letters", seat), [state.letters, mine.length], () =>
      mine.map((l) => {
        const info = letterInfo(state, l);
        return { letter: l, sin: info.sin, virtue: info.virtue };
      }),
    ),
    done: state.done.includes(seat),
    query: queryPanel(state, seat),
    ...queryLists(state, seat),
    lockBoard: mine.map((l) => lockBoardEntry(state, seat, l)),
  };
}

/**
 * A seat's sent queries and received answers depend on the queries it sent or
 * got (append-only records), the stage and the round. Its communication
 * windows follow from them, the stage and the round alone: the dashboard
 * reads them through `windowsOf` (choices.ts) rather than each view holding a
 * list of its own, built again whenever a round begins.
 */
function queryLists(state: State, seat: SeatId): Pick<SeatPanel, "sent" | "received"> {
  const mine = queriesOf(state, seat);
  // an entry reads its query record alone (records never change once made): kept per record, so a new query adds one entry
  return parts.get(state.config, partKey("queries", seat), [state.stage, state.round, ...mine], () => ({
    sent: mine.filter((q) => q.sender === seat).map((q) => sentParts.get(q)),
    received: mine
      .filter((q) => q.recipient === seat && delivered(state, q))
      .map((q) => receivedParts.get(q)),
  }));
}

function sentQuery(q: State["queries"][number]): SentQuery {
  // the record's own letters (records never change once made), not a copy of them for the view
  return { round: q.round, recipient: q.recipient, letters: q.letters, attribute: q.attribute };
}

/** A query as its sender and its recipient see it: the record alone determines each. */
const sentParts = new RecordParts(sentQuery);
const receivedParts = new RecordParts((q: State["queries"][number]): ReceivedAnswer => ({ round: q.round, sender: q.sender, answers: answersOf(q) }));

// Small entries every room shares, rather than each view its own: keyed by number where they can be
// (a letter is one character of A to U), so that a lookup builds no key.
const answerEntries = new SharedValues<number, { letter: Letter; answer: Answer }>();
const lockEntries = new SharedValues<number, { round: number; target: Letter }>();
const recipientEntries = new SharedValues<string, RecipientOption>(10_000);
const unavailableEntries = new SharedValues<string, Unavailable>(10_000);
const letterCode = (letter: Letter): number => letter.charCodeAt(0);

/** A query's answers, letter by letter, as players read them. */
function answersOf(q: State["queries"][number]): { letter: Letter; answer: Answer }[] {
  return q.letters.map((letter, i) => {
    const key = letterCode(letter) * 2 + (q.answers[i] ? 1 : 0);
    return answerEntries.find(key) ?? answerEntries.keep(key, { letter, answer: q.answers[i] ? "Yes" : "No" });
  });
}

/** A letter that may not be chosen, with why. */
function unavailable(letter: Letter, reason: string): Unavailable {
  // built when a letter's lock-ins or the letters change, not per move: the key's string is no burden
  const key = `${letter}:${reason}`;
  return unavailableEntries.find(key) ?? unavailableEntries.keep(key, { letter, reason: sharedText(reason) });
}

function roundBlock(state: State, seat: SeatId, what: string): string | null {
  const stage = roundStageProblem(state, what);
  if (stage) return stage;
  if (state.done.includes(seat)) return "You marked yourself done for this round; resume to act.";
  return null;
}

/** A seat's query panel depends on the seats, realms, letters, stage, round, whether it is done, and the queries it sent (append-only records). */
function queryPanel(state: State, seat: SeatId): QueryPanel {
  const sent = parts.sameList(state.config, partKey("sent", seat), queriesOf(state, seat).filter((q) => q.sender === seat));
  const deps = [state.seats, state.realms, state.letters, state.stage, state.round, state.done.includes(seat), sent];
  return parts.get(state.config, partKey("query", seat), deps, () => buildQueryPanel(state, seat, sent));
}

function buildQueryPanel(state: State, seat: SeatId, sent: readonly State["queries"][number][]): QueryPanel {
  const current = sent.find((q) => q.round === state.round && state.stage === "round");
  const recipients = queryRecipients(state, seat, sent);
  let reason = roundBlock(state, seat, "queries");
  if (!reason && state.round > queryRounds(state)) reason = `Round ${state.round} is for lock-ins only.`;
  if (!reason && current) reason = "You already sent your query this round.";
  if (!reason && !recipients.some((r) => r.available)) reason = "You have no recipient left: every player of the other realm has had all the queries you may send them.";
  return { canSend: reason === null, reason: reason === null ? null : sharedText(reason), sentThisRound: current ? sentParts.get(current) : null, recipients, unselectable: unselectable(state, seat), rule: QUERY_RULE };
}

/** Who a seat may send to, and how often it has: kept while the seats, the realms and its sent queries stay as they were (a round opening or the seat marking itself done leaves it). */
function queryRecipients(state: State, seat: SeatId, sent: readonly State["queries"][number][]): QueryPanel["recipients"] {
  return parts.get(state.config, partKey("recipients", seat), [state.seats, state.realms, sent], () => {
    const realm = state.realms[seat]!;
    const limit = recipientLimit(state, seat);
    const usedBy: Record<SeatId, number> = {};
    for (const q of sent) usedBy[q.recipient] = (usedBy[q.recipient] ?? 0) + 1;
    return state.seats
      .filter((s) => s !== seat)
      .map((s) => {
        const used = usedBy[s] ?? 0;
        const theirs = state.realms[s]!;
        // the sender's realm, the recipient, its realm, the count and the limit determine the entry: every room shares it
        const key = `${realm}>${s}:${theirs}:${used}/${limit}`;
        return recipientEntries.find(key) ?? recipientEntries.keep(key, recipientEntry(realm, s, theirs, used, limit));
      });
  });
}

function recipientEntry(realm: Realm, seat: SeatId, theirs: Realm, used: number, limit: number): RecipientOption {
  const p = recipientProblem(realm, seat, theirs, used, limit);
  return { seat, realm: theirs, used, limit, available: p === null, reason: p ? sharedText(p.message) : null };
}

/** The letters a query may not name: the seat's own in a match that forbids them, kept while the letters stay as they were. */
function unselectable(state: State, seat: SeatId): QueryPanel["unselectable"] {
  if (!dealt(state) || state.config.queryOwnLetters) return NONE;
  return parts.get(state.config, partKey("unselectable", seat), [state.letters], () =>
    state.letters.filter((l) => l.owner === seat).map((l) => unavailable(l.letter, "In this match you may not query your own letters.")),
  );
}

/** A letter's lock board depends on the letters, stage, round, whether its holder is done, and the letter's own lock-ins (append-only records). */
function lockBoardEntry(state: State, seat: SeatId, letter: Letter): LockBoardEntry {
  const deps: unknown[] = [state.letters, state.stage, state.round, state.done.includes(seat), ...locksOf(state, letter)];
  return parts.get(state.config, partKey("lock", seat, letter), deps, () => buildLockBoardEntry(state, seat, letter));
}

function buildLockBoardEntry(state: State, seat: SeatId, letter: Letter): LockBoardEntry {
  const info = letterInfo(state, letter);
  const records = locksOf(state, letter);
  const history = records.map((l) => {
    const key = l.round * 128 + letterCode(l.target);
    return lockEntries.find(key) ?? lockEntries.keep(key, { round: l.round, target: l.target });
  });
  const thisRound = state.stage === "round" ? history.find((h) => h.round === state.round) : undefined;
  const used = history.length;
  let reason = roundBlock(state, seat, "lock-ins");
  if (!reason && thisRound) reason = `Already locked in ${thisRound.target} this round.`;
  const spent = used >= state.config.maxLocksPerLetter;
  if (!reason && spent) reason = state.config.maxLocksPerLetter === 1 ? "Its one lock-in is used." : `All ${state.config.maxLocksPerLetter} lock-ins used.`;
  // a letter that used its lock-ins may lock nothing more: no list of why not, letter by letter, that nothing would show
  const blocked = spent ? NONE : lockBlocked(state, seat, letter, records);
  const open = blocked.length < state.letters.length - 1;
  return {
    letter,
    sin: info.sin,
    virtue: info.virtue,
    history,
    used,
    remaining: Math.max(0, state.config.maxLocksPerLetter - used),
    lockedThisRound: thisRound ? thisRound.target : null,
    canLock: reason === null && open,
    reason: reason !== null ? sharedText(reason) : open ? null : "No letter is left to lock in.",
    blocked,
  };
}

/**
 * The other letters `letter` may not lock in, with why, once it may lock at
 * all: kept while the letters and the letter's own lock-ins stay as they were,
 * so a round opening, a seat marking itself done or the letter's lock-in this
 * round leave it as it was (and nothing of it is sent again).
 */
function lockBlocked(state: State, seat: SeatId, letter: Letter, records: State["locks"]): LockBoardEntry["blocked"] {
  return parts.get(state.config, partKey("blocked", seat, letter), [state.letters, ...records], () => {
    const out: LockBoardEntry["blocked"] = [];
    for (const t of state.letters) {
      if (t.letter === letter) continue;
      const p = lockTargetProblem(state, seat, letter, t.letter, records);
      if (p) out.push(unavailable(t.letter, p.message));
    }
    // kept at its exact length: a list grown by pushes keeps room to spare
    return out.length === 0 ? NONE : out.slice();
  });
}

function resultsView(state: State, viewer: Viewer): ResultsView | null {
  const r = state.result;
  if (!r) return null;
  const open = state.stage === "ascension";
  return {
    heavenOrder: r.heavenOrder.map((e) => e.seat),
    hellOrder: r.hellOrder.map((e) => e.seat),
    heavenWinner: r.heavenWinner,
    heavenLoser: r.heavenLoser,
    eliminationCandidate: r.eliminationCandidate,
    ascending: r.topTwo.slice(),
    pickCandidates: open ? r.pickCandidates.slice() : [],
    chosen: r.chosen,
    chosenBy: r.chosenBy,
    youPick: open && viewer === r.heavenWinner,
  };
}

/** Host entries kept per query and lock-in record (records are never changed once made). */
const queryParts = new ViewParts<State["queries"][number]>();
const lockParts = new ViewParts<State["locks"][number]>();

/**
 * The host's panel, in parts that each read only some of the records: a
 * lock-in leaves the pairs and the query list as they were. Queries and
 * lock-ins are only ever appended, so a move adds one entry to their lists
 * (and to the windows) rather than making the lists again.
 */
function hostView(state: State): HostView {
  const cfg = state.config;
  return {
    pairs: parts.get(cfg, "host:pairs", [state.letters, state.realms], () => hostPairs(state)),
    // whether an answer is delivered changes with the round and the stage alone: then the list is made again
    queries: parts.grown(cfg, "host:queries", state.queries, [state.stage, state.round], (out, added) => [...out, ...added.map((q) => hostQuery(state, q))]) as HostView["queries"],
    locks: parts.grown(cfg, "host:locks", state.locks, [], (out, added) => [...out, ...added.map((l) => lockParts.get(l, "host", [], () => ({ round: l.round, seat: l.seat, letter: l.letter, target: l.target, correct: l.correct })))]) as HostView["locks"],
    standings: parts.get(cfg, "host:standings", [state.seats, state.realms, state.letters, state.locks, state.result], () => hostStandings(state)),
    windows: parts.grown(cfg, "host:windows", state.queries, [], (out, added) => hostWindows(out, added)) as HostView["windows"],
  };
}

function hostQuery(state: State, q: State["queries"][number]): HostView["queries"][number] {
  const isDelivered = delivered(state, q);
  return queryParts.get(q, "host", [isDelivered], () => ({
    round: q.round,
    sender: q.sender,
    recipient: q.recipient,
    letters: q.letters.slice(),
    attribute: q.attribute,
    answers: answersOf(q),
    delivered: isDelivered,
  }));
}

function hostStandings(state: State): HostView["standings"] {
  // each seat is scored on the lock-ins made by or aimed at its letters only (the others count for nothing), sorted out in one pass
  const relevant = new Map<SeatId, State["locks"][number][]>();
  for (const l of state.locks) {
    const by = letterInfo(state, l.letter).owner;
    const at = letterInfo(state, l.target).owner;
    addTo(relevant, by, l);
    // a lock-in aimed at a seat's letters counts for it only when it is correct (standingOf)
    if (at !== by && l.correct) addTo(relevant, at, l);
  }
  // a seat's standing is kept while its letters and the lock-ins that touch them stay the same: a lock-in rescores two seats at most
  const cfg = state.config;
  const standings = state.seats.map((s) => {
    const locks = parts.sameList(cfg, partKey("host:locks", s), relevant.get(s) ?? NONE);
    return parts.get(cfg, partKey("host:standing", s), [state.letters, locks], () => standingOf(s, lettersOf(state, s), locks, cfg.scoring));
  });
  // the same list while every row is (a move that rescores nobody: a lock-in of the end stage, say)
  return parts.sameList(cfg, "host:rows", [...realmRows(state, "heaven", standings), ...realmRows(state, "hell", standings)]) as HostView["standings"];
}

function addTo<T>(lists: Map<SeatId, T[]>, seat: SeatId, item: T): void {
  const list = lists.get(seat);
  if (list) list.push(item);
  else lists.set(seat, [item]);
}

/**
 * A realm's rows, best first: kept while the standings of its seats and the
 * final order stay the same, so a lock-in that rescores the seats of one
 * realm leaves the other's rows as they were (not ranked again, and passed
 * over by the diff).
 */
function realmRows(state: State, realm: Realm, standings: readonly Standing[]): HostView["standings"] {
  const group = standings.filter((st) => state.realms[st.seat] === realm);
  return parts.get(state.config, partKey("host:realm", realm), [state.seats, state.realms, state.result, ...group], () => {
    const order = state.result ? (realm === "heaven" ? state.result.heavenOrder : state.result.hellOrder) : rankRealm(group, state.seats);
    // a row is kept while its standing, place and tiebreak stay the same: a lock-in changes the rows of the seats it rescores, and of those it moves
    return order.map((e, i) => {
      const st = group.find((g) => g.seat === e.seat)!;
      return parts.get(state.config, partKey("host:row", st.seat), [st, realm, i + 1, e.aboveNextBy], () => standingRow(st, realm, i + 1, e.aboveNextBy));
    });
  });
}

/** A row of the host's standings. */
function standingRow(st: Standing, realm: Realm, place: number, aboveNextBy: Tiebreak | null): HostView["standings"][number] {
  // fields listed one by one: an object spread here cost more than the scoring itself
  return {
    seat: st.seat,
    score: st.score,
    correct: st.correct,
    incorrect: st.incorrect,
    correctRounds: st.correctRounds.slice(),
    lockedCorrectly: st.lockedCorrectly,
    lockedRounds: st.lockedRounds.slice(),
    realm,
    place,
    aboveNextBy,
  };
}

/** The windows of `out`, then one for each pair of `added` that talked in a round no window of theirs names yet (the round after the query): `out` itself when there is none. */
function hostWindows(out: readonly HostView["windows"][number][], added: readonly State["queries"][number][]): readonly HostView["windows"][number][] {
  let windows: HostView["windows"] | null = null;
  for (const q of added) {
    const [a, b] = q.sender < q.recipient ? [q.sender, q.recipient] : [q.recipient, q.sender];
    if ((windows ?? out).some((w) => w.a === a && w.b === b && w.round === q.round + 1)) continue;
    (windows ??= out.slice()).push({ a, b, channelId: directChannelId(a, b), round: q.round + 1 });
  }
  return windows ?? out;
}

function hostPairs(state: State): HostView["pairs"] {
  return state.letters.map((l) => ({
    letter: l.letter,
    owner: l.owner,
    realm: state.realms[l.owner]!,
    sin: l.sin,
    virtue: l.virtue,
    allies: state.letters.filter((o) => areAllies(l, o)).map((o) => o.letter),
  }));
}
