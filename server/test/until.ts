// Waiting on a condition, not on time: tests and drivers check a predicate
// every few milliseconds until it holds or a generous deadline passes.

/** Whether `pred()` came to hold within `timeoutMs`, checked every 5 ms. */
export async function until(pred: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
}
