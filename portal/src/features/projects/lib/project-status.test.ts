import { describe, expect, it } from 'vitest';
import { isProjectOpen, isProvisioning, projectAddress, projectStatusView, shortProjectId } from './project-status';

describe('project status', () => {
  it('shows published and active as Active, case-insensitively', () => {
    expect(projectStatusView('published')).toBe('active');
    expect(projectStatusView('PUBLISHED')).toBe('active');
    expect(projectStatusView('Active')).toBe('active');
  });

  it('keeps the other known statuses and reads anything else as unknown', () => {
    expect(projectStatusView('draft')).toBe('draft');
    expect(projectStatusView('Pending')).toBe('pending');
    expect(projectStatusView('failed')).toBe('failed');
    expect(projectStatusView('suspended')).toBe('suspended');
    expect(projectStatusView('inactive')).toBe('inactive');
    expect(projectStatusView('archived')).toBe('unknown');
  });

  it('polls only while provisioning and opens only when active', () => {
    expect(isProvisioning({ status: 'draft' })).toBe(true);
    expect(isProvisioning({ status: 'pending' })).toBe(true);
    expect(isProvisioning({ status: 'published' })).toBe(false);
    expect(isProvisioning({ status: 'failed' })).toBe(false);
    expect(isProjectOpen({ status: 'published' })).toBe(true);
    expect(isProjectOpen({ status: 'pending' })).toBe(false);
  });

  it('shortens the id to 8 characters', () => {
    expect(shortProjectId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b');
  });

  it('shows the custom domain first, then the site URL, then the subdomain under the public host', () => {
    const project = { subdomain: 'acme', domain: null, url: null };
    expect(projectAddress(project, 'sites.example.com')).toBe('acme.sites.example.com');
    expect(projectAddress({ ...project, url: 'https://acme.sites.example.com' }, 'x')).toBe('acme.sites.example.com');
    expect(projectAddress({ ...project, domain: 'acme.com', url: 'https://acme.sites.example.com' }, 'x')).toBe('acme.com');
  });
});
