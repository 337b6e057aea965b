// What every player-side panel of the dashboard receives.
import type { MeView, View } from "@/lib/games/five-fold-possession";
import type { Send } from "./ui";

export interface PlayerCtx {
  view: View;
  me: MeView;
  act: Send;
  /** Display name; the viewer's own seat reads "… (you)". */
  who: (seat: string) => string;
  /** The room is over (the host may end a game mid-phase): nothing can be entered any more. */
  closed: boolean;
}
