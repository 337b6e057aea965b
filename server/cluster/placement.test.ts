import { describe, expect, it } from "vitest";
import { newRoomCode } from "../rooms/create";
import { requestLine, roomOfRequest, slotFor } from "./placement";

const codes = Array.from({ length: 2000 }, () => newRoomCode());

describe("room placement over worker slots", () => {
  it("spreads rooms over the live slots and gives the same answer every time", () => {
    const counts = [0, 0, 0, 0];
    for (const c of codes) counts[slotFor(c, [0, 1, 2, 3])!]!++;
    for (const n of counts) expect(n).toBeGreaterThan(codes.length / 4 - 150);
    for (const c of codes.slice(0, 50)) expect(slotFor(c, [3, 1, 0, 2])).toBe(slotFor(c, [0, 1, 2, 3]));
  });

  it("moves only a dead slot's rooms, and moves them back when it returns", () => {
    const all = [0, 1, 2, 3];
    const without2 = [0, 1, 3];
    for (const c of codes) {
      const before = slotFor(c, all)!;
      const after = slotFor(c, without2)!;
      if (before !== 2) expect(after).toBe(before);
      else expect(without2).toContain(after);
    }
    expect(slotFor("ABCDEF", [])).toBeNull();
  });

  it("reads the room from a Socket.IO handshake's query and nothing else", () => {
    expect(roomOfRequest("GET /socket.io/?EIO=4&transport=websocket&room=abcdef HTTP/1.1")).toBe("ABCDEF");
    expect(roomOfRequest("GET /socket.io/?room=K7QW2M&EIO=4&transport=polling&t=x HTTP/1.1")).toBe("K7QW2M");
    expect(roomOfRequest("GET /socket.io/?EIO=4&transport=websocket HTTP/1.1")).toBeNull();
    expect(roomOfRequest("GET /r/ABCDEF?room=ABCDEF HTTP/1.1")).toBeNull();
    expect(roomOfRequest("GET /socket.io/?room=IIIIII HTTP/1.1")).toBeNull();
    expect(roomOfRequest("garbage")).toBeNull();
    expect(requestLine("GET / HTTP/1.1\r\nHost: x")).toBe("GET / HTTP/1.1");
    expect(requestLine("GET / HTT")).toBeNull();
  });
});
