// A player's alert setting for one room (no schema here: the browser imports it).

/** Everything for them, their own moves only, or nothing. */
export const ALERT_MODES = ["all", "mine", "off"] as const;
export type AlertMode = (typeof ALERT_MODES)[number];
export const DEFAULT_ALERT_MODE: AlertMode = "all";

export const MODE_LABELS: Record<AlertMode, string> = { all: "Everything", mine: "My moves only", off: "Off" };
