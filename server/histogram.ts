// Latency histogram with buckets 2 % wide (log scale from 10 µs), small enough
// to merge across worker processes; percentiles are the bucket's upper edge,
// so they err on the slow side by at most 2 %. The load benchmark's driver
// keeps its latencies in them, and the server its waits (stage-times.ts).
const BASE_MS = 0.01;
const GROWTH = 1.02;
const LOG_GROWTH = Math.log(GROWTH);

export interface HistogramData {
  counts: Record<number, number>;
  n: number;
  max: number;
  sum: number;
}

export class Histogram {
  counts = new Map<number, number>();
  n = 0;
  max = 0;
  sum = 0;

  add(ms: number): void {
    const i = ms <= BASE_MS ? 0 : Math.ceil(Math.log(ms / BASE_MS) / LOG_GROWTH);
    this.counts.set(i, (this.counts.get(i) ?? 0) + 1);
    this.n++;
    this.sum += ms;
    if (ms > this.max) this.max = ms;
  }

  reset(): void {
    this.counts.clear();
    this.n = 0;
    this.max = 0;
    this.sum = 0;
  }

  merge(d: HistogramData): void {
    for (const [k, c] of Object.entries(d.counts)) this.counts.set(Number(k), (this.counts.get(Number(k)) ?? 0) + c);
    this.n += d.n;
    this.sum += d.sum;
    this.max = Math.max(this.max, d.max);
  }

  percentile(p: number): number {
    if (this.n === 0) return NaN;
    const rank = Math.ceil((p / 100) * this.n);
    let seen = 0;
    for (const k of [...this.counts.keys()].sort((a, b) => a - b)) {
      seen += this.counts.get(k)!;
      if (seen >= rank) return Math.min(this.max, BASE_MS * GROWTH ** k);
    }
    return this.max;
  }

  data(): HistogramData {
    return { counts: Object.fromEntries(this.counts), n: this.n, max: this.max, sum: this.sum };
  }

  summary(): { n: number; p50: number; p95: number; p99: number; max: number } {
    return { n: this.n, p50: this.percentile(50), p95: this.percentile(95), p99: this.percentile(99), max: this.max };
  }
}
