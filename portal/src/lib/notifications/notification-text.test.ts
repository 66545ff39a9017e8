import type { AccountNotification } from '@epic/platform-api';
import { describe, expect, it } from 'vitest';
import { notificationTextValues } from './notification-text';

const none = { project: '', reason: '', domain: '', plan: '', date: '', limit: '' };
const base = { id: 'n', project: null, date_created: '2026-11-22T10:00:00.000Z', read_at: null };
const spanishPlans = (id: string) => ({ starter: 'Inicial' })[id];

describe('notificationTextValues', () => {
	it('fills a project kind with its project and what happened', () => {
		const failed: AccountNotification = { ...base, kind: 'project_failed', params: { project_name: 'Shop', reason: 'The router has no entry for shop' } };
		expect(notificationTextValues(failed, spanishPlans, 'es')).toEqual({ ...none, project: 'Shop', reason: 'The router has no entry for shop' });
		const lost: AccountNotification = { ...base, kind: 'domain_lost', params: { project_name: 'Shop', domain: 'www.shop.example' } };
		expect(notificationTextValues(lost, spanishPlans, 'es')).toEqual({ ...none, project: 'Shop', domain: 'www.shop.example' });
		const mail: AccountNotification = { ...base, kind: 'site_mail_limit', params: { project_name: 'Shop', limit_per_hour: 1000 } };
		expect(notificationTextValues(mail, spanishPlans, 'ru')).toEqual({ ...none, project: 'Shop', limit: '1\u00a0000' });
	});

	it('names the plan in the reader language when known, else as stored, and dates the end in that language', () => {
		const canceling: AccountNotification = {
			...base,
			kind: 'subscription_canceling',
			params: { plan: 'starter', plan_name: 'Starter', date: '2027-01-15T12:00:00.000Z' },
		};
		expect(notificationTextValues(canceling, spanishPlans, 'es')).toEqual({ ...none, plan: 'Inicial', date: '15 de enero de 2027' });
		const ended: AccountNotification = { ...base, kind: 'subscription_ended', params: { plan: 'gone', plan_name: 'Legacy' } };
		expect(notificationTextValues(ended, spanishPlans, 'es')).toEqual({ ...none, plan: 'Legacy' });
	});
});
