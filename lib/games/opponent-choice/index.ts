export { game } from "./game";
export type { Action, Config, State, View } from "./game";
