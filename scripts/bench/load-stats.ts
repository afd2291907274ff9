// Figures of the load bench: latency per route, errors, how evenly the devices were served.

export class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly errorSamples: string[] = [];

  add(route: string, ms: number): void {
    let list = this.latencies.get(route);
    if (!list) this.latencies.set(route, (list = []));
    list.push(ms);
  }

  fail(route: string, error: unknown): void {
    this.errors.set(route, (this.errors.get(route) ?? 0) + 1);
    if (this.errorSamples.length < 5)
      this.errorSamples.push(`${route}: ${error instanceof Error ? error.message : String(error)}`);
  }

  get totalErrors(): number {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }

  get totalRequests(): number {
    return [...this.latencies.values()].reduce((a, l) => a + l.length, 0);
  }

  /** Every route's latencies together. */
  all(): number[] {
    return [...this.latencies.values()].flat();
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (value: number) =>
  Number.isNaN(value) ? '-' : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;

export function latencyLine(name: string, values: number[]): string {
  return `${name.padEnd(22)} ${String(values.length).padStart(7)}  p50 ${ms(percentile(values, 50)).padStart(8)}  p95 ${ms(percentile(values, 95)).padStart(8)}  p99 ${ms(percentile(values, 99)).padStart(8)}  max ${ms(Math.max(...values)).padStart(8)}`;
}

/** Requests each device got served: the spread shows whether some devices were preferred. */
export function fairnessLine(perDevice: number[]): string {
  const sorted = [...perDevice].sort((a, b) => a - b);
  const min = sorted[0] ?? 0;
  const max = sorted[sorted.length - 1] ?? 0;
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `requests per device: min ${min}, median ${median}, max ${max} (max/min ${min > 0 ? (max / min).toFixed(2) : '∞'})`;
}
