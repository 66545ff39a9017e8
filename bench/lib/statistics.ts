/**
 * Number helpers for the benchmarks' figures: the rounding used throughout their JSON, and
 * nearest-rank percentiles with the summary (samples, p50, p95, min, max, mean) that every timed
 * series is reported as, so all parts of a report round and rank the same way.
 */

export const round = (value: number) => Math.round(value * 10) / 10;
export const round3 = (value: number) => Math.round(value * 1000) / 1000;
export const mib = (bytes: number) => round(bytes / 1024 / 1024);

export function percentile(sorted: number[], p: number): number {
	if (!sorted.length) return Number.NaN;
	const rank = Math.ceil((p / 100) * sorted.length);
	return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** Nearest-rank percentiles: with 20 samples p95 is the 19th, with 10 it is the 10th (the max). */
export function summary(values: number[]) {
	const sorted = [...values].sort((a, b) => a - b);
	const mean = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
	return {
		samples: sorted.length,
		p50: round(percentile(sorted, 50)),
		p95: round(percentile(sorted, 95)),
		min: round(sorted[0] ?? Number.NaN),
		max: round(sorted[sorted.length - 1] ?? Number.NaN),
		mean: round(mean),
	};
}

export function mean(values: number[]): number {
	return values.reduce((sum, value) => sum + value, 0) / values.length;
}
