import type { Project } from '@epic/platform-api';
import { describe, expect, it } from 'vitest';
import { checkCopyForm, copyFormDefaults, toDuplicateRequest } from './copy-form';

const source = { id: 'p1', name: 'Shop', subdomain: 'shop' } as Project;

describe('copy form', () => {
  it('starts from the source marked as a copy, with the row’s backup when one was chosen', () => {
    expect(copyFormDefaults(source, null)).toEqual({ name: 'Shop (copy)', subdomain: 'shop-copy', backupId: null });
    expect(copyFormDefaults(source, { id: 'b1', kind: 'manual', created_at: '2026-01-01T00:00:00Z', size: 1 }).backupId).toBe('b1');
    expect(copyFormDefaults({ ...source, subdomain: 'a'.repeat(63) }, null).subdomain).toHaveLength(63);
  });

  it('checks name and subdomain as a new project’s', () => {
    expect(checkCopyForm({ name: ' ', subdomain: 'Not valid!', backupId: null })).toEqual({ name: 'nameRequired', subdomain: 'subdomainInvalid' });
    expect(checkCopyForm({ name: 'Staging', subdomain: 'staging', backupId: null })).toEqual({});
  });

  it('sends the latest without a backup id, and a chosen one with it', () => {
    expect(toDuplicateRequest({ name: ' Staging ', subdomain: ' Staging ', backupId: null })).toEqual({ name: 'Staging', subdomain: 'staging' });
    expect(toDuplicateRequest({ name: 'Staging', subdomain: 'staging', backupId: 'b1' })).toEqual({ name: 'Staging', subdomain: 'staging', backup_id: 'b1' });
  });
});
