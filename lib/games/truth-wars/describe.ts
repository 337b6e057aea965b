// One line per accepted action for the audit log. Secret moves (peek, snipe)
// and ballot contents are not spelled out: the log may be public.
import type { Actor } from "../core";
import type { Action } from "./actions";

export function describe(action: Action, actor: Actor): string {
  switch (action.type) {
    case "ready":
      return `${actor} is ready`;
    case "lean":
      return action.lean === null ? `${actor} no longer leans either way` : `${actor} leans ${action.lean === "trust" ? "Trust" : "Flag"}`;
    case "vote":
      return `${actor} voted`;
    case "ban":
      return `${actor} cast a shadow-ban ballot`;
    case "peek":
    case "snipe":
      return "a secret move was made";
  }
}
