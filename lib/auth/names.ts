import { z } from "zod";

export const displayName = z
  .string()
  .trim()
  .min(1, "Choose a display name.")
  .max(24, "A display name has at most 24 characters.")
  .regex(/^[\p{L}\p{N} _.'-]+$/u, "Use letters, digits, spaces and . _ ' - only.");
