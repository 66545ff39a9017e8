/**
 * `npm run stripe:sync-plans`: creates or updates Stripe's products and prices from the plans in
 * the control plane's database and stores the price ids there (packages/local-platform,
 * stripe-plan-sync.ts). Reads the same environment as `npm start`; needs STRIPE_SECRET_KEY.
 */
import { existsSync } from 'node:fs';
import { databaseConnection } from '@epic/node-support/database-connection';
import { REPO_ROOT, repoPath } from '@epic/node-support/paths';
import { ConfigError, loadConfig } from '@epic/local-platform/config';
import { directusEnv } from '@epic/local-platform/directus-env';
import { loadOrCreateSecrets } from '@epic/local-platform/secrets';
import { syncPlansToStripe } from '@epic/local-platform/stripe-plan-sync';
import { stripeClientOptions } from '@epic/stripe-client';
import knex from 'knex';
import Stripe from 'stripe';

if (existsSync(repoPath('.env'))) process.loadEnvFile(repoPath('.env'));
let config;
try {
	config = loadConfig(process.env, REPO_ROOT);
} catch (error) {
	if (!(error instanceof ConfigError)) throw error;
	console.error(error.message);
	process.exit(1);
}
if (!config.STRIPE_SECRET_KEY) {
	console.error('STRIPE_SECRET_KEY is not set: there is no Stripe account to synchronise plans with.');
	process.exit(1);
}

const db = knex(databaseConnection(directusEnv(config, loadOrCreateSecrets(config.dataDir, config))));
try {
	const report = await syncPlansToStripe(db, new Stripe(config.STRIPE_SECRET_KEY, stripeClientOptions(config.STRIPE_API_URL)));
	console.log(JSON.stringify(report, null, 2));
} finally {
	await db.destroy();
}
