// Names as sign-in takes them, by the one set of text rules in lib/text.
import { cleanName, displayNameSchema, NAME_MAX } from "../text";

/** The guest sign-in's display name: cleaned, and refused when it is reserved, a look-alike, too wide or not a name. */
export const displayName = displayNameSchema;

/**
 * Whether a session's name still passes the rules as it stands (sessions from
 * before a rule changed may carry one that does not): such a session counts as
 * signed out, in pages and sockets alike.
 */
export function isSessionName(name: unknown): name is string {
  const r = cleanName(name);
  return r.ok && r.value === name;
}

export interface DiscordProfileNames {
  global_name?: string | null;
  username?: string | null;
}

/** The name a Discord account signs in with: its display name, else its username, whichever first passes the same rules; null when neither does. */
export function discordName(profile: DiscordProfileNames): string | null {
  for (const candidate of [profile.global_name, profile.username]) {
    const r = cleanName(candidate);
    if (r.ok) return r.value;
  }
  return null;
}

const SIGN_IN_ERRORS: Record<string, string> = {
  "input/empty": "Choose a display name.",
  "input/too_wide": `A display name is at most ${NAME_MAX} columns wide (wide characters count double).`,
  "input/too_long": `A display name is at most ${NAME_MAX} columns wide (wide characters count double).`,
  "input/control_char": "A display name is one line of visible characters.",
  "input/lone_surrogate": "That name is not valid text.",
  "input/too_many_marks": "Too many accents or marks on one letter.",
  "input/not_text": "Choose a display name.",
  "name/charset": "Use letters, digits, spaces and . _ ' - only, with at least one letter or digit.",
  "name/mixed_script": "Use one alphabet: names that mix look-alike letters (Latin with Cyrillic or Greek, say) are refused.",
  "name/reserved": "That name is kept for the platform (host, bots, spectators, the clock); choose another.",
  // Auth.js' own codes
  AccessDenied: "That account's names cannot be used here (they are reserved or not plain names); sign in as a guest instead.",
  CredentialsSignin: "Could not sign in.",
  "rate/limited": "Too many sign-ins from your address just now; wait a minute and try again.",
};

/** The sign-in page's text for an error code in its URL; only known codes are shown, so a crafted link cannot put words on the page. */
export function signInErrorText(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return SIGN_IN_ERRORS[code] ?? "Could not sign in.";
}
