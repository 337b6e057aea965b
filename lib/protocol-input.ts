// What a client may send: one zod schema per socket event. The server registers
// each handler with its event's schema (the handler's input type is the
// schema's output), and the browser's emit types come from the same schemas
// (lib/protocol.ts imports them as types only, so zod stays out of the page).
import { z } from "zod";
import { CHAT_MAX_LENGTH, ROOM_CODE_RE } from "./protocol";
import { alertSettingInput, pushSubscribeInput, pushUnsubscribeInput, webhookInput } from "./alerts/protocol";
import { seasonCreateInput, seasonHostInput, seasonJoinInput, seasonViewInput } from "./season/protocol";
import { safeText } from "./text";

export const roomCode = z.string().trim().toUpperCase().regex(ROOM_CODE_RE, "A room code is 6 letters and digits.");
const seatId = z.string().regex(/^s[1-9][0-9]?$/, "A seat is s1, s2, …");
const userId = z.string().min(1).max(128).regex(/^[\w:.@-]+$/, "Not a user id.");

export const spectatorSettings = z.object({
  mode: z.enum(["live", "delayed"]).default("live"),
  lag: z.number().int().min(1).max(10).default(1),
  revealAtEnd: z.boolean().default(false),
});

export const createRoomInput = z.object({
  gameId: z.string().min(1).max(64),
  seats: z.number().int().min(1).max(32),
  config: z.record(z.string(), z.unknown()).default({}),
  spectators: spectatorSettings.default({ mode: "live", lag: 1, revealAtEnd: false }),
});

export const watchInput = z.object({ code: roomCode, as: z.enum(["spectator"]).optional() });
export const codeInput = z.object({ code: roomCode });
export const seatInput = z.object({ code: roomCode, seat: seatId.optional() });
export const actInput = z.object({
  code: roomCode,
  // the game's own schema parses the action inside the room; here it is only bounded
  action: z.unknown(),
  clientId: z.string().regex(/^[\w.:/-]{1,64}$/, "A client id is up to 64 letters, digits and . _ : / -").optional(),
});

export const hostCommand = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), fillWithBots: z.boolean().default(false) }),
  z.object({ type: z.literal("pause") }),
  z.object({ type: z.literal("resume") }),
  z.object({ type: z.literal("extend"), seconds: z.number().int().min(5).max(3600) }),
  z.object({ type: z.literal("advance") }),
  z.object({ type: z.literal("kick"), seat: seatId, ban: z.boolean().default(false) }),
  z.object({ type: z.literal("bot"), seat: seatId, on: z.boolean() }),
  z.object({ type: z.literal("approve"), userId }),
  z.object({ type: z.literal("deny"), userId }),
  z.object({ type: z.literal("unban"), userId }),
  z.object({ type: z.literal("end"), reason: safeText({ max: 200 }) }),
  z.object({ type: z.literal("duration"), phase: z.string().min(1).max(40).regex(/^[\w-]+$/), seconds: z.number().int().min(5).max(86_400).nullable() }),
  z.object({ type: z.literal("nudge"), seat: seatId }),
  z.object({ type: z.literal("announce"), text: safeText({ max: 300 }) }),
  z.object({ type: z.literal("spectators"), mode: z.enum(["live", "delayed"]), lag: z.number().int().min(1).max(10).default(1), revealAtEnd: z.boolean().default(false) }),
  z.object({ type: z.literal("game"), action: z.unknown() }),
]);
export const hostInput = z.object({ code: roomCode, command: hostCommand });

const channelId = z.string().min(1).max(40).regex(/^[\w:-]+$/, "Not a channel id.");
export const chatSendInput = z.object({
  code: roomCode,
  channel: channelId,
  body: safeText({ max: CHAT_MAX_LENGTH, multiline: true }),
});
// message ids are PostgreSQL bigints: at most 18 digits keeps them below 2^63
export const chatHistoryInput = z.object({ code: roomCode, channel: channelId, before: z.string().regex(/^[1-9]\d{0,17}$/, "Not a message id.").optional() });

/** Every client → server event and the schema its input must pass. */
export const clientEvents = {
  "room:create": createRoomInput,
  "room:watch": watchInput,
  "room:sync": codeInput,
  "room:unwatch": codeInput,
  "seat:claim": seatInput,
  "seat:release": codeInput,
  "game:act": actInput,
  "host:command": hostInput,
  "chat:send": chatSendInput,
  "chat:history": chatHistoryInput,
  "room:audit": codeInput,
  "season:create": seasonCreateInput,
  "season:join": seasonJoinInput,
  "season:view": seasonViewInput,
  "season:host": seasonHostInput,
  "season:ofRoom": codeInput,
  "alerts:subscribe": pushSubscribeInput,
  "alerts:unsubscribe": pushUnsubscribeInput,
  "alerts:setting": alertSettingInput,
  "alerts:webhook": webhookInput,
} satisfies Record<string, z.ZodType>;
