// Rock, paper and scissors drawn as inline SVG: emoji render as empty boxes where
// no emoji font is installed.
import type { Throw } from "@/lib/games/five-fold-possession/state";

export function ThrowIcon({ t, size = 20 }: { t: Throw; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden className="inline-block shrink-0 fill-none stroke-current align-[-4px]" strokeWidth="1.7" strokeLinejoin="round" strokeLinecap="round" data-testid={`throw-icon-${t}`}>
      {t === "rock" && <path d="M6 9.5 9 6.5l4.5-.5 4 2 1.5 4-1 4.5-3.5 2.5H9.5L6.5 17 5 13.5Z" className="fill-stone-300 dark:fill-stone-600" />}
      {t === "paper" && (
        <>
          <path d="M6 3h9l4 4v14H6Z" className="fill-white dark:fill-stone-800" />
          <path d="M15 3v4h4M9 11h7M9 14h7M9 17h5" />
        </>
      )}
      {t === "scissors" && (
        <>
          <circle cx="6.5" cy="17.5" r="3" />
          <circle cx="17.5" cy="17.5" r="3" />
          <path d="M8.5 15.2 18 4M15.5 15.2 6 4" />
        </>
      )}
    </svg>
  );
}
