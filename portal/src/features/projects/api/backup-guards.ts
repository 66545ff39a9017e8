import { RESTORE_STEP_NAMES, type ProjectBackup, type ProjectRestoreJob, type RestoreStep } from '@epic/platform-api';

/** Structural checks of the backup routes' answers (docs/product.md, Backups), like guards.ts for projects. */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
const STEP_NAMES: readonly string[] = RESTORE_STEP_NAMES;

export function isProjectBackup(value: unknown): value is ProjectBackup {
  return (
    isRecord(value) &&
    isString(value.id) &&
    ['scheduled', 'manual', 'safety', 'pre-upgrade'].includes(String(value.kind)) &&
    isString(value.created_at) &&
    typeof value.size === 'number'
  );
}

export const isProjectBackupList = (value: unknown): value is ProjectBackup[] => Array.isArray(value) && value.every(isProjectBackup);

function isRestoreStep(value: unknown): value is RestoreStep {
  return isRecord(value) && STEP_NAMES.includes(String(value.name)) && ['running', 'done', 'failed'].includes(String(value.state)) && isStringOrNull(value.error ?? null);
}

export function isProjectRestoreJob(value: unknown): value is ProjectRestoreJob {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isString(value.backup_id) &&
    ['running', 'succeeded', 'failed', 'rollback-failed'].includes(String(value.state)) &&
    Array.isArray(value.steps) &&
    value.steps.every(isRestoreStep) &&
    typeof value.rolled_back === 'boolean' &&
    isStringOrNull(value.error ?? null)
  );
}
