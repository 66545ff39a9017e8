/** The part of s3rver 3.7.1 (which ships no types) that tests/support/s3-server.ts uses. */
declare module 's3rver' {
	import type { AddressInfo } from 'node:net';

	interface S3rverOptions {
		port?: number;
		address?: string;
		silent?: boolean;
		directory?: string;
		/** Buckets made before the server listens. */
		configureBuckets?: { name: string }[];
	}

	export default class S3rver {
		constructor(options?: S3rverOptions);
		run(): Promise<AddressInfo>;
		close(): Promise<void>;
	}
}
