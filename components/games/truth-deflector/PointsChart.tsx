"use client";
// Points after each round as an inline SVG line chart, drawn at the width it gets.
import { useEffect, useRef, useState } from "react";
import { niceScale, signed } from "./format";

export interface Series {
  key: string;
  label: string;
  /** Points after round i + 1 (index 0 is round 1). */
  values: number[];
  /** Per-round gains, for the dot titles. */
  gained?: number[];
  highlight?: boolean;
}

const H = 180;
const PAD = { top: 12, right: 14, bottom: 26, left: 36 };

export function PointsChart({ series, rounds, label, testId }: { series: Series[]; rounds: number; label: string; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(320);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => e && setWidth(Math.max(220, Math.round(e.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const scale = niceScale(series.flatMap((s) => s.values));
  const plotW = width - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (round: number) => PAD.left + (rounds <= 0 ? 0 : (round / rounds) * plotW);
  const y = (v: number) => PAD.top + ((scale.max - v) / (scale.max - scale.min)) * plotH;
  const every = rounds > 12 ? 5 : rounds > 6 ? 2 : 1;
  const ordered = [...series.filter((s) => !s.highlight), ...series.filter((s) => s.highlight)];

  return (
    <div ref={box} className="w-full" data-testid={testId}>
      <svg width={width} height={H} role="img" aria-label={label} className="block overflow-visible text-stone-500 dark:text-stone-400">
        <title>{label}</title>
        {scale.ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} className={t === 0 ? "stroke-stone-400 dark:stroke-stone-500" : "stroke-stone-200 dark:stroke-stone-800"} strokeDasharray={t === 0 ? undefined : "3 3"} />
            <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-current text-[10px]">
              {t}
            </text>
          </g>
        ))}
        {Array.from({ length: rounds + 1 }, (_, r) => r)
          .filter((r) => r === 0 || r % every === 0 || r === rounds)
          .map((r) => (
            <text key={r} x={x(r)} y={H - 8} textAnchor="middle" className="fill-current text-[10px]">
              {r === 0 ? "start" : r}
            </text>
          ))}
        {ordered.map((s) => {
          const pts = [[0, 0] as const, ...s.values.map((v, i) => [i + 1, v] as const)];
          const d = pts.map(([r, v], i) => `${i ? "L" : "M"}${x(r).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
          return (
            <g key={s.key} className={s.highlight ? "text-garnet-600 dark:text-garnet-400" : series.length > 1 ? "text-stone-300 dark:text-stone-700" : "text-garnet-600 dark:text-garnet-400"}>
              <path d={d} fill="none" stroke="currentColor" strokeWidth={s.highlight || series.length === 1 ? 2.5 : 1.5} strokeLinejoin="round" />
              {(s.highlight || series.length === 1) &&
                s.values.map((v, i) => (
                  <circle key={i} cx={x(i + 1)} cy={y(v)} r={3.5} fill="currentColor">
                    <title>{`Round ${i + 1}: ${s.gained?.[i] !== undefined ? `${signed(s.gained[i]!)} → ` : ""}${v} points`}</title>
                  </circle>
                ))}
              {(s.highlight || series.length === 1) && s.values.length > 0 && (
                <text x={x(s.values.length)} y={y(s.values[s.values.length - 1]!) - 8} textAnchor="middle" className="fill-current text-[11px] font-semibold">
                  {s.values[s.values.length - 1]}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
