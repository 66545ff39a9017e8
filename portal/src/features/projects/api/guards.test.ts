import { describe, expect, it } from 'vitest';
import { isDnsVerifyResult, isProject, isProjectCredentials, isProjectList, isProjectStorage, isProjectsUsage } from './guards';

const project = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  name: 'Blog',
  description: null,
  subdomain: 'blog',
  domain: null,
  status: 'draft',
  steps: [],
  failure_reason: null,
  url: null,
  admin_url: null,
  date_created: '2026-11-22T10:00:00.000Z',
  date_updated: null,
};

describe('projects answer guards', () => {
  it('accept answers shaped as the contract says', () => {
    expect(isProject(project)).toBe(true);
    expect(isProjectList([project])).toBe(true);
    expect(isProject({ ...project, steps: [{ name: 'infrastructure', state: 'complete', started_at: null, finished_at: null, detail: null }] })).toBe(true);
    expect(isProjectCredentials({ admin_email: 'a@example.com', admin_password: 'secret' })).toBe(true);
    expect(isDnsVerifyResult({ verified: false, message: 'DNS configuration not found' })).toBe(true);
  });

  it('refuse what is not', () => {
    expect(isProject({ ...project, steps: null })).toBe(false);
    expect(isProject({ ...project, id: 1 })).toBe(false);
    expect(isProjectList('<html>')).toBe(false);
    expect(isProjectCredentials({ admin_email: 'a@example.com' })).toBe(false);
    expect(isDnsVerifyResult({ message: 'x' })).toBe(false);
  });
});

describe('usage answer guard', () => {
  const figures = { requests: 12, previous_requests: 0, change_percent: null };
  const usage = {
    available: true,
    from: '2026-02-14',
    to: '2026-03-15',
    total: figures,
    projects: [{ id: project.id, ...figures, daily: [{ day: '2026-03-15', requests: 12 }] }],
  };

  it('accepts the figures and both unavailable answers', () => {
    expect(isProjectsUsage(usage)).toBe(true);
    expect(isProjectsUsage({ ...usage, total: { ...figures, change_percent: -33.3 } })).toBe(true);
    expect(isProjectsUsage({ available: false, reason: 'not_configured' })).toBe(true);
    expect(isProjectsUsage({ available: false, reason: 'unreachable' })).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isProjectsUsage({ available: false, reason: 'other' })).toBe(false);
    expect(isProjectsUsage({ ...usage, total: { ...figures, requests: -1 } })).toBe(false);
    expect(isProjectsUsage({ ...usage, total: { ...figures, change_percent: '5' } })).toBe(false);
    expect(isProjectsUsage({ ...usage, projects: [{ ...usage.projects[0], daily: [{ day: '2026-03-15' }] }] })).toBe(false);
    expect(isProjectsUsage({ ...usage, available: undefined })).toBe(false);
  });
});

describe('storage answer guard', () => {
  const storage = { available: true, used_bytes: 12_582_912, quota_bytes: 5_368_709_120, full: false };

  it('accepts the figures, with or without a quota, and every unavailable answer', () => {
    expect(isProjectStorage(storage)).toBe(true);
    expect(isProjectStorage({ ...storage, quota_bytes: null })).toBe(true);
    for (const reason of ['not_configured', 'unreachable', 'not_provisioned']) expect(isProjectStorage({ available: false, reason })).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isProjectStorage({ available: false, reason: 'other' })).toBe(false);
    expect(isProjectStorage({ ...storage, used_bytes: -1 })).toBe(false);
    expect(isProjectStorage({ ...storage, quota_bytes: '5' })).toBe(false);
    expect(isProjectStorage({ ...storage, full: 'no' })).toBe(false);
    expect(isProjectStorage(null)).toBe(false);
  });
});
