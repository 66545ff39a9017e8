/**
 * Timing helpers for the benchmarks: a monotonic stopwatch (process.hrtime, read in milliseconds,
 * so wall-clock adjustments never skew a measurement) and a promise-based sleep for polling.
 */

export const now = () => process.hrtime.bigint();
export const elapsed = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
