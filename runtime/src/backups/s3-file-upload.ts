/**
 * Uploads a local file to S3 with at most one part of it in memory: one PutObject when the file
 * fits in a part, a multipart upload read part by part otherwise. Each part is sent as a buffer,
 * not a stream, so the SDK can sign its SHA-256 (the server checks every byte) and retry it.
 */
import { open, type FileHandle } from 'node:fs/promises';
import {
	AbortMultipartUploadCommand,
	CompleteMultipartUploadCommand,
	CreateMultipartUploadCommand,
	PutObjectCommand,
	UploadPartCommand,
	type CompletedPart,
	type S3Client,
} from '@aws-sdk/client-s3';

/** S3's smallest part (but the last), and the most parts one upload may have. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;

export interface UploadTarget {
	Bucket: string;
	Key: string;
	ContentType: string;
}

async function readPart(handle: FileHandle, position: number, length: number): Promise<Buffer> {
	const buffer = Buffer.allocUnsafe(length);
	let filled = 0;
	while (filled < length) {
		const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
		if (bytesRead === 0) throw new Error(`${length - filled} bytes short of the file's size while uploading it (did it change?)`);
		filled += bytesRead;
	}
	return buffer;
}

async function uploadInParts(client: S3Client, target: UploadTarget, handle: FileHandle, size: number, partBytes: number): Promise<void> {
	const { UploadId } = await client.send(new CreateMultipartUploadCommand(target));
	const upload = { Bucket: target.Bucket, Key: target.Key, UploadId };
	try {
		const parts: CompletedPart[] = [];
		for (let position = 0; position < size; position += partBytes) {
			const PartNumber = parts.length + 1;
			const Body = await readPart(handle, position, Math.min(partBytes, size - position));
			const { ETag } = await client.send(new UploadPartCommand({ ...upload, PartNumber, Body }));
			parts.push({ ETag, PartNumber });
		}
		await client.send(new CompleteMultipartUploadCommand({ ...upload, MultipartUpload: { Parts: parts } }));
	} catch (error) {
		// The parts of an upload never completed stay in the bucket (and are billed) until aborted.
		await client.send(new AbortMultipartUploadCommand(upload)).catch(() => {});
		throw error;
	}
}

/** `partBytes` is raised when the file would need more than S3's 10,000 parts. */
export async function uploadFile(client: S3Client, target: UploadTarget, file: string, partBytes: number): Promise<void> {
	const handle = await open(file, 'r');
	try {
		const size = (await handle.stat()).size;
		const partSize = Math.max(partBytes, Math.ceil(size / MAX_PARTS));
		if (size <= partSize) {
			await client.send(new PutObjectCommand({ ...target, Body: await readPart(handle, 0, size) }));
			return;
		}
		await uploadInParts(client, target, handle, size, partSize);
	} finally {
		await handle.close();
	}
}
