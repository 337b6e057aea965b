"use client";
// Main match scores and garnet balances after each episode, as small SVG line
// charts (one line per member; a gap where an episode showed no score).
import { niceScale } from "@/components/games/truth-deflector/format";

const W = 560;
const H = 200;
const PAD = { top: 12, right: 16, bottom: 26, left: 40 };
const COLORS = ["#9f1239", "#0369a1", "#047857", "#b45309", "#6d28d9", "#be185d", "#0f766e", "#4d7c0f", "#c2410c", "#1d4ed8", "#a21caf", "#57534e"];

export interface ChartSeries {
  key: string;
  label: string;
  values: (number | null)[];
}

export function SeasonChart({ series, episodes, label, testId }: { series: ChartSeries[]; episodes: number; label: string; testId: string }) {
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  if (!episodes || !all.length) return <p className="text-sm text-stone-500" data-testid={testId}>Nothing to chart yet.</p>;
  const scale = niceScale(all);
  const x = (i: number) => PAD.left + (episodes <= 1 ? (W - PAD.left - PAD.right) / 2 : (i / (episodes - 1)) * (W - PAD.left - PAD.right));
  const y = (v: number) => PAD.top + ((scale.max - v) / (scale.max - scale.min)) * (H - PAD.top - PAD.bottom);
  return (
    <figure data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="block h-auto w-full text-stone-500 dark:text-stone-400">
        <title>{label}</title>
        {scale.ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="stroke-stone-200 dark:stroke-stone-800" strokeDasharray="3 3" />
            <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-current text-[10px]">
              {t}
            </text>
          </g>
        ))}
        {Array.from({ length: episodes }, (_, i) => (
          <text key={i} x={x(i)} y={H - 8} textAnchor="middle" className="fill-current text-[10px]">
            Ep. {i + 1}
          </text>
        ))}
        {series.map((s, n) => {
          const color = COLORS[n % COLORS.length];
          // a gap (null) starts a new stretch of line
          const d = s.values.map((v, i) => (v === null ? "" : `${i === 0 || s.values[i - 1] === null ? "M" : "L"}${x(i).toFixed(1)},${y(v).toFixed(1)}`)).join(" ");
          return (
            <g key={s.key} stroke={color} fill={color}>
              <path d={d} fill="none" strokeWidth={2} strokeLinejoin="round" />
              {s.values.map((v, i) =>
                v === null ? null : (
                  <circle key={i} cx={x(i)} cy={y(v)} r={3}>
                    <title>{`${s.label}, episode ${i + 1}: ${v}`}</title>
                  </circle>
                ),
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {series.map((s, n) => (
          <span key={s.key} className="inline-flex items-center gap-1">
            <span className="inline-block h-2 w-3 rounded-sm" style={{ backgroundColor: COLORS[n % COLORS.length] }} />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
