import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cleanName, cleanText, displayNameSchema, isReservedName, looksAlike, nameSkeleton, refusalOf, safeText, textWidth } from "./text";

const line = { max: 200 };
const chat = { max: 500, multiline: true };

function refusal(r: ReturnType<typeof cleanText>): string {
  return r.ok ? `accepted ${JSON.stringify(r.value)}` : r.code;
}

describe("cleanText", () => {
  it("removes bidi controls, so an override cannot flip what follows it", () => {
    // the host banner attack: U+202E reverses the rest of the line on screen
    expect(cleanText("The host says \u202Eesol uoy", line)).toEqual({ ok: true, value: "The host says esol uoy" });
    for (const c of ["\u202A", "\u202B", "\u202C", "\u202D", "\u2066", "\u2067", "\u2068", "\u2069", "\u200E", "\u200F", "\u061C"]) {
      expect(cleanText(`a${c}b`, line)).toEqual({ ok: true, value: "ab" });
    }
  });

  it("removes zero-width and other invisible characters", () => {
    expect(cleanText("A\u200Bn\u200Cn\u200D\u2060\uFEFF\u00AD\u3164", line)).toEqual({ ok: true, value: "Ann" });
  });

  it("normalises to NFKC", () => {
    expect(cleanText("ｆｕｌｌ ｗｉｄｔｈ ﬁ ²", line)).toEqual({ ok: true, value: "full width fi 2" });
  });

  it("refuses NUL and every other C0/C1 control with a typed code, never storing them", () => {
    for (const c of ["\u0000", "\u0007", "\u001B", "\u007F", "\u0085", "\u009B", "\u2028"]) {
      expect(refusal(cleanText(`a${c}b`, chat))).toBe("input/control_char");
      expect(refusal(cleanText(`a${c}b`, line))).toBe("input/control_char");
    }
  });

  it("allows newlines and tabs only in multi-line text, and folds CRLF", () => {
    expect(cleanText("one\r\ntwo\tthree\n", chat)).toEqual({ ok: true, value: "one\ntwo\tthree" });
    expect(refusal(cleanText("one\ntwo", line))).toBe("input/control_char");
    expect(refusal(cleanText("one\ttwo", line))).toBe("input/control_char");
    expect(refusal(cleanText(Array(30).fill("x").join("\n"), chat))).toBe("input/too_many_lines");
  });

  it("refuses lone surrogates but keeps paired ones", () => {
    expect(refusal(cleanText("a\uD800b", line))).toBe("input/lone_surrogate");
    expect(refusal(cleanText("a\uDC00", line))).toBe("input/lone_surrogate");
    expect(cleanText("ok 😀", line)).toEqual({ ok: true, value: "ok 😀" });
  });

  it("bounds the rendered width: wide characters count for more than one column", () => {
    expect(textWidth("abc")).toBe(3);
    expect(textWidth("日本語")).toBe(6);
    expect(textWidth("😀")).toBe(2);
    expect(textWidth("e\u0301")).toBe(1);
    expect(textWidth("\uFDFD")).toBeGreaterThanOrEqual(10);
    // 40 copies of U+FDFA pass a 500-character cap, but spell out to 720 columns under NFKC
    expect("\uFDFA".repeat(40).length).toBeLessThan(500);
    expect(refusal(cleanText("\uFDFA".repeat(40), chat))).toBe("input/too_wide");
    expect(refusal(cleanText("語".repeat(101), { max: 200 }))).toBe("input/too_wide");
    expect(cleanText("語".repeat(100), { max: 200 }).ok).toBe(true);
  });

  it("refuses stacks of combining marks and empty text", () => {
    expect(refusal(cleanText("Z\u0300\u0301\u0302\u0303\u0304\u0305", line))).toBe("input/too_many_marks");
    expect(refusal(cleanText("  \u200B ", line))).toBe("input/empty");
    expect(refusal(cleanText(42, line))).toBe("input/not_text");
  });

  it("keeps anything it accepts free of controls and invisibles, within its width, and stable when cleaned again", () => {
    const nasty = fc.constantFrom("\u202E", "\u200B", "\u0000", "\u0085", "\n", "\t", "\r", "\uFDFA", "語", "😀", "\u0301", "a", " ", "\uD800");
    const text = fc.oneof(fc.string({ unit: "binary" }), fc.array(nasty, { maxLength: 60 }).map((a) => a.join("")));
    fc.assert(
      fc.property(text, fc.boolean(), (raw, multiline) => {
        const rules = { max: 40, multiline };
        const r = cleanText(raw, rules);
        if (!r.ok) return;
        // eslint-disable-next-line no-control-regex -- the test looks for control characters
        expect(r.value).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200B-\u200F\u061C]/);
        if (!multiline) expect(r.value).not.toMatch(/[\n\t]/);
        expect(textWidth(r.value)).toBeLessThanOrEqual(40);
        expect(cleanText(r.value, rules)).toEqual(r);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("names", () => {
  it("refuses reserved names and their look-alikes", () => {
    const reserved = ["Host", "HOST", "h o s t", "H0st", "The Host", "ｈｏｓｔ", "Bot 3", "B0t 12", "bot-7", "Bot for Ann", "Bot", "Garnet", "Gamet", "Spectator", "Spectat0r", "Clock", "Server", "System"];
    for (const name of reserved) expect([name, cleanName(name)]).toMatchObject([name, { ok: false, code: "name/reserved" }]);
    // an all-Cyrillic or all-Greek spelling of a reserved name has the same skeleton
    expect(nameSkeleton("НОЅТ")).toBe("host");
    expect(cleanName("НОЅТ")).toMatchObject({ ok: false, code: "name/reserved" });
  });

  it("refuses names that mix look-alike alphabets (homoglyph names)", () => {
    // Cyrillic А, Greek Η, Cyrillic ѕ, Cherokee Ꮋ in otherwise Latin names
    for (const name of ["Аda", "Ηost", "Hoѕt", "Ꮋana"]) expect(cleanName(name)).toMatchObject({ ok: false, code: "name/mixed_script" });
  });

  it("accepts ordinary names in any script, including ones that merely contain a reserved word", () => {
    for (const name of ["Ada", "Host Hana", "Hana Host", "Bottle", "Zoë", "José", "Sigurðr", "李小龍", "Юлия", "Ελένη", "O'Neil", "mary-jane", "Ann_2"]) {
      expect([name, cleanName(name).ok]).toEqual([name, true]);
    }
  });

  it("refuses wide, invisible-only and punctuation-only names", () => {
    expect(cleanName("\uFDFA\uFDFA")).toMatchObject({ ok: false, code: "input/too_wide" });
    expect(cleanName("\u2800")).toMatchObject({ ok: false, code: "name/charset" });
    expect(cleanName("...")).toMatchObject({ ok: false, code: "name/charset" });
    expect(cleanName("\u200B\u3164")).toMatchObject({ ok: false, code: "input/empty" });
    expect(cleanName("Ann\u202E")).toEqual({ ok: true, value: "Ann" });
  });

  it("tells the caller when a name passes for another (say, the host's)", () => {
    expect(looksAlike("Hana", "HANA")).toBe(true);
    expect(looksAlike("Hana", "Нana")).toBe(true);
    expect(looksAlike("Pia", "P1a")).toBe(true);
    expect(looksAlike("Pia", "Pam")).toBe(false);
    expect(looksAlike("...", "--")).toBe(false);
    expect(isReservedName("Pia")).toBe(false);
  });
});

describe("zod helpers", () => {
  it("parse to the cleaned text and refuse with the rule's code", () => {
    const schema = z.object({ body: safeText(chat), name: displayNameSchema });
    expect(schema.parse({ body: "hi\u202E there", name: " Ada  Lovelace " })).toEqual({ body: "hi there", name: "Ada Lovelace" });
    const bad = schema.safeParse({ body: "a\u0000", name: "Ada" });
    expect(bad.success).toBe(false);
    expect(refusalOf(bad.error!)).toEqual({ code: "input/control_char", message: expect.stringMatching(/^body: Control characters/) });
    const other = z.object({ n: z.number() }).safeParse({ n: "x" });
    expect(refusalOf(other.error!).code).toBe("input/invalid");
  });
});
