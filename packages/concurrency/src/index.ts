export * from './keyed-mutex.ts';
export * from './latest-read.ts';
