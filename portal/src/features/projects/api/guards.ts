import type {
  DailyRequests,
  DnsVerifyResult,
  Project,
  ProjectCredentials,
  ProjectLogChunk,
  ProjectTier,
  ProjectStorage,
  ProjectsUsage,
  ProjectStep,
  ProjectUsage,
  UsageFigures,
  TierFigure,
} from '@epic/platform-api';
import { TIER_UNAVAILABLE_REASONS } from '@epic/platform-api';

/**
 * Structural checks of the projects API's answers (docs/product.md, Projects API), so an answer
 * that breaks the contract becomes an error state instead of a crash.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function isProjectStep(value: unknown): value is ProjectStep {
  return isRecord(value) && isString(value.name) && isString(value.state);
}

export function isProject(value: unknown): value is Project {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isString(value.name) &&
    isStringOrNull(value.description ?? null) &&
    isString(value.subdomain) &&
    isStringOrNull(value.domain ?? null) &&
    isStringOrNull(value.domain_proof_value ?? null) &&
    isString(value.status) &&
    Array.isArray(value.steps) &&
    value.steps.every(isProjectStep) &&
    isStringOrNull(value.url ?? null) &&
    isStringOrNull(value.admin_url ?? null) &&
    isStringOrNull(value.date_created ?? null)
  );
}

export const isProjectList = (value: unknown): value is Project[] => Array.isArray(value) && value.every(isProject);

export const isProjectCredentials = (value: unknown): value is ProjectCredentials =>
  isRecord(value) && isString(value.admin_email) && isString(value.admin_password);

export const isDnsVerifyResult = (value: unknown): value is DnsVerifyResult =>
  isRecord(value) && typeof value.verified === 'boolean' && isStringOrNull(value.message ?? null);

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isUsageFigures(value: unknown): value is UsageFigures {
  return (
    isRecord(value) &&
    isCount(value.requests) &&
    isCount(value.previous_requests) &&
    (value.change_percent === null || typeof value.change_percent === 'number')
  );
}

const isDailyRequests = (value: unknown): value is DailyRequests => isRecord(value) && isString(value.day) && isCount(value.requests);

function isProjectUsage(value: unknown): value is ProjectUsage {
  return isRecord(value) && isString(value.id) && Array.isArray(value.daily) && value.daily.every(isDailyRequests) && isUsageFigures(value);
}

export function isProjectsUsage(value: unknown): value is ProjectsUsage {
  if (!isRecord(value)) return false;
  if (value.available === false) return value.reason === 'not_configured' || value.reason === 'unreachable';
  return (
    value.available === true &&
    isString(value.from) &&
    isString(value.to) &&
    isUsageFigures(value.total) &&
    Array.isArray(value.projects) &&
    value.projects.every(isProjectUsage)
  );
}

const STORAGE_UNAVAILABLE_REASONS: readonly unknown[] = ['not_configured', 'unreachable', 'not_provisioned'];

export function isProjectStorage(value: unknown): value is ProjectStorage {
  if (!isRecord(value)) return false;
  if (value.available === false) return STORAGE_UNAVAILABLE_REASONS.includes(value.reason);
  return value.available === true && isCount(value.used_bytes) && (value.quota_bytes === null || isCount(value.quota_bytes)) && typeof value.full === 'boolean';
}

export function isProjectLogChunk(value: unknown): value is ProjectLogChunk {
  return isRecord(value) && isCount(value.offset) && Array.isArray(value.lines) && value.lines.every((line) => typeof line === 'string');
}

const isCountOrNull = (value: unknown): value is number | null => value === null || isCount(value);
const isTierFigure = (value: unknown): value is TierFigure => isRecord(value) && isCountOrNull(value.used) && isCountOrNull(value.limit);

export function isProjectTier(value: unknown): value is ProjectTier {
  if (!isRecord(value)) return false;
  if (value.available === false) return (TIER_UNAVAILABLE_REASONS as readonly unknown[]).includes(value.reason);
  return (
    value.available === true &&
    isStringOrNull(value.name) &&
    isStringOrNull(value.status) &&
    isTierFigure(value.seats) &&
    isTierFigure(value.collections) &&
    isTierFigure(value.flows) &&
    typeof value.custom_permission_rules === 'boolean'
  );
}
