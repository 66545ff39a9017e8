/**
 * The runtime's refusals as the portal should see them. Its 404s keep meaning "not found" (another
 * project's backup id never resolves in the runtime either); anything else the runtime says, or its
 * silence, is logged and answered as BACKUPS_UNAVAILABLE rather than leaking runtime details.
 */
import { BackupNotFoundError, BackupsUnavailableError, RestoreInProgressError, RestoreJobNotFoundError } from '../errors.ts';
import { RuntimeRequestError } from '../runtime-driver/local-runtime-driver.ts';

export function fromRuntimeError(error: unknown, log: (message: string) => void): Error {
	if (error instanceof RuntimeRequestError) {
		if (error.code === 'BACKUP_NOT_FOUND') return new BackupNotFoundError();
		if (error.code === 'RESTORE_JOB_NOT_FOUND') return new RestoreJobNotFoundError();
		if (error.code === 'RESTORE_IN_PROGRESS') return new RestoreInProgressError();
	}
	log(`Backup call to the runtime failed: ${(error as Error).message}`);
	return new BackupsUnavailableError();
}
