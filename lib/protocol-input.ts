// Zod schemas of what clients send (validated at the server's edge), and the
// types inferred from them. Neutral: no server or browser imports.
import { z } from "zod";
import { CHAT_MAX_LENGTH, ROOM_CODE_RE } from "./protocol";

export const roomCode = z.string().trim().toUpperCase().regex(ROOM_CODE_RE, "A room code is 6 letters and digits.");

export const spectatorSettings = z.object({
  mode: z.enum(["live", "delayed"]).default("live"),
  lag: z.number().int().min(1).max(10).default(1),
  revealAtEnd: z.boolean().default(false),
});
export type SpectatorSettings = z.infer<typeof spectatorSettings>;

export const createRoomInput = z.object({
  gameId: z.string().min(1).max(64),
  seats: z.number().int().min(1).max(32),
  config: z.record(z.string(), z.unknown()).default({}),
  spectators: spectatorSettings.default({ mode: "live", lag: 1, revealAtEnd: false }),
});

export const watchInput = z.object({ code: roomCode, as: z.enum(["spectator"]).optional() });
export const seatInput = z.object({ code: roomCode, seat: z.string().regex(/^s[1-9][0-9]?$/).optional() });
export const actInput = z.object({
  code: roomCode,
  action: z.unknown(),
  clientId: z.string().max(64).optional(),
});

export const hostCommand = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), fillWithBots: z.boolean().default(false) }),
  z.object({ type: z.literal("pause") }),
  z.object({ type: z.literal("resume") }),
  z.object({ type: z.literal("extend"), seconds: z.number().int().min(5).max(3600) }),
  z.object({ type: z.literal("advance") }),
  z.object({ type: z.literal("kick"), seat: z.string().regex(/^s[1-9][0-9]?$/) }),
  z.object({ type: z.literal("bot"), seat: z.string().regex(/^s[1-9][0-9]?$/), on: z.boolean() }),
  z.object({ type: z.literal("end"), reason: z.string().trim().min(1).max(200) }),
  z.object({ type: z.literal("duration"), phase: z.string().min(1).max(40), seconds: z.number().int().min(5).max(86_400).nullable() }),
  z.object({ type: z.literal("nudge"), seat: z.string().regex(/^s[1-9][0-9]?$/) }),
  z.object({ type: z.literal("announce"), text: z.string().trim().min(1).max(300) }),
  z.object({ type: z.literal("spectators"), mode: z.enum(["live", "delayed"]), lag: z.number().int().min(1).max(10).default(1), revealAtEnd: z.boolean().default(false) }),
]);
export type HostCommand = z.infer<typeof hostCommand>;
export const hostInput = z.object({ code: roomCode, command: hostCommand });

export const chatSendInput = z.object({
  code: roomCode,
  channel: z.string().min(1).max(40),
  body: z.string().trim().min(1, "Write something first.").max(CHAT_MAX_LENGTH, `A message has at most ${CHAT_MAX_LENGTH} characters.`),
});
export const chatHistoryInput = z.object({ code: roomCode, channel: z.string().min(1).max(40), before: z.string().regex(/^\d+$/).optional() });
