// The rules for text that people type and others read: chat, announcements, end
// reasons and names. Pure (no clock, no I/O), shared by the server, the browser
// and lib/games. Illegal text is a typed refusal, never silently stored.
import { z } from "zod";

export type TextRefusalCode =
  | "input/not_text"
  | "input/too_long"
  | "input/lone_surrogate"
  | "input/control_char"
  | "input/too_many_marks"
  | "input/too_wide"
  | "input/too_many_lines"
  | "input/empty"
  | "name/charset"
  | "name/mixed_script"
  | "name/reserved";

export type TextResult = { ok: true; value: string } | { ok: false; code: TextRefusalCode; message: string };

export interface TextRules {
  /** Most columns the text may take, wide characters counting for more than one (see textWidth). */
  max: number;
  /** Newlines and tabs allowed (chat); else one line, with runs of spaces folded into one. */
  multiline?: boolean;
  /** Most lines of multi-line text. */
  maxLines?: number;
  /** Fewest columns (1 unless set): an empty text is refused. */
  min?: number;
}

const refuse = (code: TextRefusalCode, message: string): TextResult => ({ ok: false, code, message });

// Removed, not refused: they are invisible, and their only use in a chat line or a
// name is to reorder or hide what others read. Bidi controls (embeddings,
// overrides, isolates, marks), zero-width characters, invisible operators, the
// soft hyphen, the combining grapheme joiner, Hangul fillers and tag characters.
// eslint-disable-next-line no-misleading-character-class -- a class of single code points on purpose (U+034F is one of them)
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060-\u2064\uFEFF\u180E\u00AD\u034F\u115F\u1160\u3164\uFFA0\uFFF9-\uFFFB\u{E0000}-\u{E007F}]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 and C1 controls, DEL, the line and paragraph separators and noncharacters; tab and newline are looked at separately
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\uFDD0-\uFDEF\uFFFE\uFFFF]/u;
const MARK_RUN = /\p{M}{5,}/u;
const ZERO_WIDTH_MARK = /[\p{Mn}\p{Me}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

// Glyphs known to render much wider than a letter even after NFKC (which already
// spells out U+FDFA and U+FDFB): [from, to, columns].
const EXTRA_WIDE: [number, number, number][] = [
  [0xfdfd, 0xfdfd, 10], // the basmala ligature
  [0x12000, 0x1254f, 3], // cuneiform
  [0x13000, 0x1345f, 2], // Egyptian hieroglyphs
  [0x2e3a, 0x2e3a, 2], // two-em dash
  [0x2e3b, 0x2e3b, 3], // three-em dash
  [0xa9c1, 0xa9cd, 2], // Javanese ornaments
  [0x0bf5, 0x0bfa, 2], // Tamil signs
];

// East Asian Wide and Fullwidth ranges (two columns each).
const WIDE: [number, number][] = [
  [0x1100, 0x115f], [0x231a, 0x231b], [0x2329, 0x232a], [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf],
  [0x4e00, 0x9fff], [0xa000, 0xa4cf], [0xa960, 0xa97f], [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f], [0xff00, 0xff60], [0xffe0, 0xffe6], [0x16fe0, 0x16fe4], [0x17000, 0x18aff], [0x1b000, 0x1b2ff],
  [0x1f200, 0x1f2ff], [0x20000, 0x2fffd], [0x30000, 0x3fffd],
];

function inRanges(cp: number, ranges: [number, number, ...number[]][]): [number, number, ...number[]] | undefined {
  return ranges.find(([from, to]) => cp >= from && cp <= to);
}

/** Columns one code point takes: 0 for combining marks, 2 for wide and pictographic, more for a few very wide glyphs. */
export function charWidth(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (ch === "\n" || ZERO_WIDTH_MARK.test(ch)) return 0;
  const extra = inRanges(cp, EXTRA_WIDE);
  if (extra) return extra[2]!;
  if (inRanges(cp, WIDE) || PICTOGRAPH.test(ch)) return 2;
  return ch === "\t" ? 4 : 1;
}

/** The columns a text takes when rendered, summed over its lines. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return w;
}

/**
 * Cleans free text that will be stored or shown: removes invisible and
 * direction-changing characters, normalises to NFKC, and refuses controls, lone
 * surrogates, stacks of combining marks and text wider than `max` columns.
 */
export function cleanText(raw: unknown, rules: TextRules): TextResult {
  if (typeof raw !== "string") return refuse("input/not_text", "Expected text.");
  // a cheap bound before any work: no allowed text is this long in code units
  if (raw.length > rules.max * 8 + 64) return refuse("input/too_long", `At most ${rules.max} characters.`);
  if (LONE_SURROGATE.test(raw)) return refuse("input/lone_surrogate", "The text is not valid Unicode.");
  let text = raw.replace(INVISIBLE, "").normalize("NFKC");
  if (rules.multiline) text = text.replace(/\r\n?/g, "\n");
  if (CONTROL.test(text) || (!rules.multiline && /[\t\n\r]/.test(text)) || (rules.multiline && text.includes("\r"))) {
    return refuse("input/control_char", rules.multiline ? "Control characters are not allowed (newlines and tabs are)." : "Control characters, tabs and line breaks are not allowed here.");
  }
  if (MARK_RUN.test(text)) return refuse("input/too_many_marks", "Too many accents or marks on one letter.");
  text = rules.multiline ? text.replace(/[ \t]+$/gm, "").replace(/^\n+|\s+$/g, "") : text.replace(/\s+/g, " ").trim();
  const lines = rules.multiline ? text.split("\n").length : 1;
  if (lines > (rules.maxLines ?? 20)) return refuse("input/too_many_lines", `At most ${rules.maxLines ?? 20} lines.`);
  const width = textWidth(text);
  if (width < (rules.min ?? 1)) return refuse("input/empty", "Write something first.");
  if (width > rules.max) return refuse("input/too_wide", `Too long: at most ${rules.max} columns (wide characters count double), this is ${width}.`);
  return { ok: true, value: text };
}

// ---- names ----

export const NAME_MAX = 24;

// Letters that look like Latin ones, from Cyrillic, Greek and Cherokee (both
// cases: an uppercase Greek Eta is an H, its lowercase an n), and digits or
// signs that pass for letters. "i", "l", "1" and "|" all fold to "l".
const LOOK_ALIKE: Record<string, string> = Object.fromEntries(
  [
    "аa бb вb гr еe ёe зe иu йu кk лn мm нh оo пn рp сc тt уy фo хx шw щw ъb ьb ѕs іl їl јj һh ԁd ԛq ԝw үy ӏl",
    "Аa Вb Еe Кk Мm Нh Оo Рp Сc Тt Хx Уy Ѕs Іl Јj Үy Ӏl Зe",
    "αa βb γy δd εe ζz ηn ιl κk μu νv οo ρp σo τt υu χx ωw ϲc",
    "Αa Βb Εe Ζz Ηh Ιl Κk Μm Νn Οo Ρp Τt Υy Χx Ϲc",
    "Ꭺa Ᏼb Ꮯc Ꭼe Ꮋh Ꮖl Ꮶk Ꮇm Ꮎo Ꮲp Ꮪs Ꮤw Ꮓz",
    "0o 1l 2z 3e 4a 5s 6b 7t 8b 9g @a $s |l !l il",
  ]
    .join(" ")
    .split(" ")
    .map((pair) => [[...pair][0]!, [...pair][1]!]),
);

/** `keepNumbers`: a number standing on its own ("Player 6") stays digits; digits inside a word ("P1a") still fold. */
function foldLookAlikes(text: string, keepNumbers: boolean): string {
  const base = text.normalize("NFKC").normalize("NFD").replace(/\p{M}/gu, "");
  if (!keepNumbers) return mapLookAlikes(mapLookAlikes(base).toLowerCase());
  return base
    .split(/(?<![\p{L}\p{N}])(\p{N}+)(?![\p{L}\p{N}])/u)
    .map((part, i) => (i % 2 ? part : mapLookAlikes(mapLookAlikes(part).toLowerCase())))
    .join("");
}

/** Each character that passes for a letter or digit replaced by it. */
function mapLookAlikes(s: string): string {
  return [...s].map((c) => LOOK_ALIKE[c] ?? c).join("");
}

/**
 * What a name looks like, reduced to lowercase Latin letters: case, accents,
 * spacing and punctuation dropped, look-alike letters and digits folded
 * ("Н0st", "H o s t" and "HOST" all give "host").
 */
export function nameSkeleton(name: string, keepDigits = false): string {
  return foldLookAlikes(name, keepDigits)
    .replace(/rn/g, "m")
    .replace(/vv/g, "w")
    .replace(/cl/g, "d")
    .replace(keepDigits ? /[^a-z0-9]/g : /[^a-z]/g, "");
}

/**
 * Whether two people's names would pass for each other on screen (same
 * skeleton). Digits stay digits here: "Player 6" and "Player 8" are told apart
 * at a glance, while "Аda" (a Cyrillic А) and "Ada" are not.
 */
export function looksAlike(a: string, b: string): boolean {
  const sa = nameSkeleton(a, true);
  return sa.length > 0 && sa === nameSkeleton(b, true);
}

const RESERVED = ["host", "bot", "garnet", "spectator", "clock", "server", "system"].map((n) => nameSkeleton(n));
// "Bot 3", "B0t 12", "Bot for Ann": what the platform calls its own seats
const BOT_NAME = /^b[o0]t(?:[0-9lio]+|f[o0]r.*)?$/;

/** Whether a name is, or looks like, one the platform uses for itself ("Host", "Bot 3", "Garnet", …). */
export function isReservedName(name: string): boolean {
  const skeleton = nameSkeleton(name).replace(/^the(?=.)/, "");
  return RESERVED.includes(skeleton) || BOT_NAME.test(foldLookAlikes(name, true).replace(/[^a-z0-9]/g, ""));
}

const SCRIPTS = ["Latin", "Cyrillic", "Greek", "Cherokee", "Armenian"].map((s) => [s, new RegExp(`\\p{Script=${s}}`, "u")] as const);

/** Cleans a display name: the text rules, then letters, digits, spaces and . _ ' - only, one look-alike script, nothing reserved. */
export function cleanName(raw: unknown): TextResult {
  const r = cleanText(raw, { max: NAME_MAX });
  if (!r.ok) return r.code === "input/empty" ? refuse("input/empty", "Choose a display name.") : r;
  const name = r.value;
  if (!/^[\p{L}\p{M}\p{N} _.'-]+$/u.test(name) || !/[\p{L}\p{N}]/u.test(name)) return refuse("name/charset", "Use letters, digits, spaces and . _ ' - only.");
  const scripts = SCRIPTS.filter(([, re]) => re.test(name));
  if (scripts.length > 1) return refuse("name/mixed_script", `Use one alphabet: this name mixes ${scripts.map(([s]) => s).join(" and ")} letters.`);
  if (isReservedName(name)) return refuse("name/reserved", "That name is kept for the platform (host, bots, spectators, the clock); choose another.");
  return r;
}

// ---- zod ----

function fromResult(result: (raw: string) => TextResult) {
  return z.string().transform((raw, ctx) => {
    const r = result(raw);
    if (r.ok) return r.value;
    ctx.addIssue({ code: "custom", message: r.message, params: { code: r.code } });
    return z.NEVER;
  });
}

/** A zod string run through cleanText: the parsed value is the cleaned text; a refusal carries its code in `params.code`. */
export const safeText = (rules: TextRules) => fromResult((raw) => cleanText(raw, rules));

/** A zod string run through cleanName. */
export const displayNameSchema = fromResult(cleanName);

/** The code and message to answer a failed parse with: a text rule's own code when it was one, else `input/invalid`. */
export function refusalOf(error: z.ZodError): { code: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { code: "input/invalid", message: "invalid input" };
  const code = issue.code === "custom" && typeof issue.params?.code === "string" ? issue.params.code : "input/invalid";
  return { code, message: `${issue.path.length ? issue.path.join(".") + ": " : ""}${issue.message}` };
}
