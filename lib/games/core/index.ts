export * from "./types";
export * from "./rng";
export * from "./result";
export * from "./chat";
export * from "./seats";
export * from "./exact";
export * from "./commands";
export * from "./season";
