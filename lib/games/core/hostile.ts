// Values a careless or hostile client sends, by class: text with NUL and other
// control characters, unpaired surrogates, bidi and zero-width characters and
// very wide characters; numbers at the edges of what JSON carries; nesting
// thousands of levels deep; unknown fields on an otherwise legal action. The
// game fuzzer, the socket fuzzer and the poison test all draw from here, so a
// class found once stays covered everywhere.
import type { Rng } from "./rng";

export const HOSTILE_STRINGS: readonly string[] = [
  "a\u0000",
  "\u0000",
  "bell\u0007",
  "\u001b[2Jclear",
  "del\u007f",
  "next line\u0085",
  "\ud800",
  "lone low \udfff",
  "\ud83d",
  "over\u202eride",
  "\u2066isolated\u2069",
  "zero\u200bwidth\u200djoin\ufeff",
  "\ufdfa".repeat(12),
  "Ｈｏｓｔ",
  "Bot 3",
  "\u0430dmin",
];

/**
 * URLs that name this machine, its network or another port in a roundabout way
 * (a trailing dot, a number for an address, IPv6 forms, credentials before the
 * host, very long): no URL a user hands the server to call (a push
 * endpoint, a webhook) may be one of these.
 */
export const HOSTILE_URLS: readonly string[] = [
  "https://127.0.0.1/x",
  "https://localhost/x",
  "https://localhost./x",
  "https://push.localhost./x",
  "https://metadata.google.internal./computeMetadata/v1/",
  "https://169.254.169.254/latest/meta-data/",
  "https://2130706433/x",
  "https://0177.0.0.1/x",
  "https://0x7f.1/x",
  "https://127.1/x",
  "https://[::1]/x",
  "https://[::ffff:127.0.0.1]/x",
  "https://[fe80::1]/x",
  "https://10.0.0.1/api/webhooks/123456/abcdefghijklmnopqrstuvwxyz",
  "https://discord.com@127.0.0.1/api/webhooks/123456/abcdefghijklmnopqrstuvwxyz",
  "https://discord.com:8443/api/webhooks/123456/abcdefghijklmnopqrstuvwxyz",
  "http://discord.com/api/webhooks/123456/abcdefghijklmnopqrstuvwxyz",
  "file:///etc/passwd",
  "javascript:alert(1)",
  `https://127.0.0.1/${"a".repeat(5000)}`,
];

export const HOSTILE_NUMBERS: readonly number[] = [1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), 1e-320, -0, 0.1 + 0.2, 4_294_967_297];

/** A value nested `depth` levels deep (arrays and objects in turn). */
export function nested(depth: number, leaf: unknown = 1): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? { k: v } : [v];
  return v;
}

/** The JSON text of `nested(depth)`, built without walking it (JSON.stringify runs out of stack before the server's parser does). */
export function nestedJson(depth: number, leaf = "1"): string {
  let open = "";
  let close = "";
  for (let i = depth - 1; i >= 0; i--) {
    open += i % 2 ? '{"k":' : "[";
  }
  for (let i = 0; i < depth; i++) close += i % 2 ? "}" : "]";
  return open + leaf + close;
}

/** Depths a client's own encoder can still send; deeper ones (DEEPEST) go out as raw text built by nestedJson. */
export const HOSTILE_DEPTHS: readonly number[] = [40, 500];
export const DEEPEST = 6000;

/** Any hostile value. */
export function hostileValue(rng: Rng): unknown {
  switch (rng.int(4)) {
    case 0:
      return rng.pick(HOSTILE_STRINGS);
    case 1:
      return rng.pick(HOSTILE_NUMBERS);
    case 2:
      return nested(rng.pick(HOSTILE_DEPTHS));
    default:
      return { [rng.pick(HOSTILE_STRINGS)]: rng.pick(HOSTILE_STRINGS) };
  }
}

/** `action` with unknown fields added: the game's schema must drop them, and nothing of them may be stored. */
export function withJunk(action: unknown, rng: Rng): unknown {
  if (typeof action !== "object" || action === null || Array.isArray(action)) return action;
  const junk: Record<string, unknown> = { junk: hostileValue(rng), ["x" + rng.int(1000)]: rng.pick(HOSTILE_STRINGS), padding: "p".repeat(rng.int(4000)) };
  return { ...junk, ...(action as Record<string, unknown>) };
}

/** `action` with one of its string or number fields replaced by a hostile value of the same kind (or any kind). */
export function corrupted(action: unknown, rng: Rng): unknown {
  if (typeof action !== "object" || action === null || Array.isArray(action)) return hostileValue(rng);
  const a = { ...(action as Record<string, unknown>) };
  const keys = Object.keys(a).filter((k) => k !== "type");
  if (!keys.length) return { ...a, extra: hostileValue(rng) };
  const k = rng.pick(keys);
  a[k] = typeof a[k] === "string" ? rng.pick(HOSTILE_STRINGS) : typeof a[k] === "number" ? rng.pick(HOSTILE_NUMBERS) : hostileValue(rng);
  return a;
}
