/**
 * This control-plane process's name among its replicas, in the records of what it ran and claimed.
 * Replicas on the host's network share its host name and may share a pid (each container's own
 * numbering), hence the random part.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';

export function replicaName(): string {
	return `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`.slice(0, 64);
}
