import { describe, expect, it } from 'vitest';
import { customDomainState, isProjectOpen, isProvisioning, projectAddress, projectStatusView, shortProjectId } from './project-status';

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

	it('shows the site URL (the custom domain once served), else the subdomain under the site host', () => {
		const project = { subdomain: 'acme', url: null };
		expect(projectAddress(project, 'sites.example.com:8055')).toBe('acme.sites.example.com:8055');
		expect(projectAddress({ ...project, url: 'https://acme.sites.example.com' }, 'x')).toBe('acme.sites.example.com');
		expect(projectAddress({ ...project, url: 'https://acme.com' }, 'x')).toBe('acme.com');
	});

	it('tells a custom domain waiting for its DNS check from one served', () => {
		const project = { domain: null, domain_verified_at: null, domain_failed_checks: 0 };
		expect(customDomainState(project)).toBe('none');
		expect(customDomainState({ ...project, domain: 'acme.com' })).toBe('waiting');
		expect(customDomainState({ ...project, domain: 'acme.com', domain_verified_at: '2026-11-27T10:00:00Z' })).toBe('served');
		expect(customDomainState({ ...project, domain: 'acme.com', domain_verified_at: '2026-11-27T10:00:00Z', domain_failed_checks: 1 })).toBe('failing');
	});
});
