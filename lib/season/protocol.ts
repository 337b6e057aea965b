// Socket payloads of the season pages, validated on the server.
import { z } from "zod";
import { safeText } from "../text";
import { ROOM_CODE_RE } from "../protocol";
import { seasonSettings } from "./types";

/** Season codes are drawn like room codes. */
export const seasonCode = z.string().trim().toUpperCase().regex(ROOM_CODE_RE, "A season code is 6 letters and digits.");

export const seasonCreateInput = z.object({
  name: safeText({ max: 80 }),
  settings: seasonSettings.default(seasonSettings.parse({})),
});

export const seasonJoinInput = z.object({ code: seasonCode, invite: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "That invite link is not valid.") });

export const seasonViewInput = z.object({ code: seasonCode });

export const seasonCommand = z.discriminatedUnion("type", [
  /** Adds a bot to the roster (before the first episode). */
  z.object({ type: z.literal("addBot") }),
  /** Creates the episode's main match, its seats filled from the alive roster (all of it, or the members listed). */
  z.object({
    type: z.literal("main"),
    gameId: z.string().min(1).max(64),
    config: z.record(z.string(), z.unknown()).default({}),
    members: z.array(z.string().min(1).max(64)).max(32).optional(),
  }),
  /** Opens the timed opponent choice for the episode's EC. */
  z.object({ type: z.literal("pick") }),
  /** Creates the death match between the EC and the named opponent. */
  z.object({ type: z.literal("death"), config: z.record(z.string(), z.unknown()).default({}) }),
  /** Ends the season: nothing more is played; the rooms' logs open to everyone. */
  z.object({ type: z.literal("finish") }),
]);
export type SeasonCommand = z.infer<typeof seasonCommand>;
export const seasonHostInput = z.object({ code: seasonCode, command: seasonCommand });
