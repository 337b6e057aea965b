// The stones of Does Greed Succeed and what each may do to the pot. Zod-free, so
// the browser can use them without loading the config schema.
export const STONES = ["grey", "white", "black", "green", "red"] as const;
export type Stone = (typeof STONES)[number];

/** What a drawn stone does to the pot of Does Greed Succeed. */
export const STONE_EFFECTS = ["none", "plus1", "plus2", "minus1", "minus2", "double", "halve", "bust"] as const;
export type StoneEffect = (typeof STONE_EFFECTS)[number];
