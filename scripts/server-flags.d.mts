// Types for server-flags.mjs (kept as plain JavaScript so that start.mjs can import it).
export declare const SERVER_NODE_FLAGS: string[];
