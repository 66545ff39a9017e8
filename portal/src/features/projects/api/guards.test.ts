import { describe, expect, it } from 'vitest';
import { isDnsVerifyResult, isProject, isProjectCredentials, isProjectList } from './guards';

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
