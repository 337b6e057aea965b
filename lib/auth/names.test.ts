import { describe, expect, it } from "vitest";
import { discordName, displayName, isSessionName } from "./names";

describe("sign-in names", () => {
  it("the guest sign-in refuses names that pose as the platform or hide text", () => {
    for (const name of ["Bot 3", "Host", "Hоst", "Garnet", "\uFDFA\uFDFA", "Spectator"]) expect([name, displayName.safeParse(name).success]).toEqual([name, false]);
    expect(displayName.parse("Ann\u202E\u200B")).toBe("Ann");
  });

  it("a Discord name goes through the same rules: the display name, else the username, else none", () => {
    expect(discordName({ global_name: "Ada", username: "ada_l" })).toBe("Ada");
    expect(discordName({ global_name: "Bot 3", username: "ada_l" })).toBe("ada_l");
    expect(discordName({ global_name: "\u202Etsoh", username: null })).toBe("tsoh");
    expect(discordName({ global_name: "Host", username: "host" })).toBeNull();
    expect(discordName({ global_name: null, username: "server" })).toBeNull();
  });

  it("a session whose name no longer passes counts as signed out", () => {
    expect(isSessionName("Ada")).toBe(true);
    expect(isSessionName("Bot 3")).toBe(false);
    expect(isSessionName("Ann\u200B")).toBe(false);
    expect(isSessionName(undefined)).toBe(false);
  });
});
