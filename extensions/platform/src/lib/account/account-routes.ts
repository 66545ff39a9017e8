/**
 * `/account/*`: the signed-in customer's own account, with ownership in code (docs/access-model.md).
 * Every route takes the caller from Directus's accountability and touches that user only.
 */
import type { ApiExtensionContext } from '@directus/types';
import type { Router } from 'express';
import { requireUserId } from '../http/accountability.ts';
import { asyncRoute } from '../http/async-route.ts';
import type { AccountServices } from './account-services.ts';
import { deleteAccount, type AccountBilling, type AccountProjects } from './deletion/delete-account.ts';
import { confirmEmailChange, requestEmailChange } from './email-change/email-change.ts';
import { changePassword } from './password/change-password.ts';
import { readOwnProfile, updateOwnProfile } from './profile.ts';
import { verifyRegistrationEmail } from './verify-email.ts';

export interface AccountRouteDependencies {
	account: () => AccountServices;
	billing: () => AccountBilling;
	projects: () => AccountProjects;
}

export function registerAccountRoutes(router: Router, context: ApiExtensionContext, dependencies: AccountRouteDependencies): void {
	router.get(
		'/me',
		asyncRoute(async (req, res) => {
			res.json({ data: await readOwnProfile(context, requireUserId(req)) });
		}),
	);

	router.patch(
		'/me',
		asyncRoute(async (req, res) => {
			res.json({ data: await updateOwnProfile(context, requireUserId(req), req.body) });
		}),
	);

	router.delete(
		'/me',
		asyncRoute(async (req, res) => {
			const userId = requireUserId(req);
			await deleteAccount(context, { account: dependencies.account(), billing: dependencies.billing(), projects: dependencies.projects() }, userId, req.body);
			res.status(204).end();
		}),
	);

	router.post(
		'/password',
		asyncRoute(async (req, res) => {
			await changePassword(context, dependencies.account().signInLock, requireUserId(req), req.body);
			res.status(204).end();
		}),
	);

	router.post(
		'/email',
		asyncRoute(async (req, res) => {
			await requestEmailChange(context, dependencies.account(), requireUserId(req), req.body);
			res.status(202).end();
		}),
	);

	router.post(
		'/email/confirm',
		asyncRoute(async (req, res) => {
			await confirmEmailChange(context, dependencies.account(), req.body);
			res.status(204).end();
		}),
	);

	router.post(
		'/verify-email',
		asyncRoute(async (req, res) => {
			await verifyRegistrationEmail(context, req.body);
			res.status(204).end();
		}),
	);
}
