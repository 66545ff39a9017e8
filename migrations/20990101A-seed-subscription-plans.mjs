/**
 * Seeds the plans the product starts with. Quarterly and yearly prices follow the pricing rule
 * (3x monthly -10%, 12x monthly -20%); staff edit plans in Studio afterwards, so `up` only inserts
 * plans that are missing and never overwrites an edited row.
 */
const QUARTERLY_DISCOUNT = 0.1;
const YEARLY_DISCOUNT = 0.2;

const cents = (dollars) => Math.round(dollars * 100) / 100;

function plan({ id, name, description, monthly, projectLimit, popular = false, features }) {
	const paid = monthly > 0;
	return {
		id,
		name,
		description,
		price_monthly: monthly,
		price_quarterly: paid ? cents(monthly * 3 * (1 - QUARTERLY_DISCOUNT)) : null,
		price_yearly: paid ? cents(monthly * 12 * (1 - YEARLY_DISCOUNT)) : null,
		project_limit: projectLimit,
		is_popular: popular,
		is_active: true,
		features: JSON.stringify(features),
	};
}

export const SEEDED_PLANS = [
	plan({
		id: 'free',
		name: 'Free',
		description: 'An account to explore the portal. No hosted projects.',
		monthly: 0,
		projectLimit: 0,
		features: ['Customer portal', 'Plan upgrades at any time'],
	}),
	plan({
		id: 'starter',
		name: 'Starter',
		description: 'One hosted CMS for a personal site or a small business.',
		monthly: 15,
		projectLimit: 1,
		features: ['1 hosted Directus project', 'Subdomain with SSL', 'Custom domain', 'REST and GraphQL APIs', 'Email support'],
	}),
	plan({
		id: 'pro',
		name: 'Pro',
		description: 'Up to three projects for growing teams.',
		monthly: 39,
		projectLimit: 3,
		popular: true,
		features: ['Up to 3 hosted Directus projects', 'Subdomains with SSL', 'Custom domains', 'REST and GraphQL APIs', 'Priority support'],
	}),
	plan({
		id: 'business',
		name: 'Business',
		description: 'Unlimited projects for agencies and larger teams.',
		monthly: 99,
		projectLimit: 999,
		features: ['Unlimited hosted Directus projects', 'Subdomains with SSL', 'Custom domains', 'REST and GraphQL APIs', 'Priority support'],
	}),
];

export async function up(knex) {
	const existing = new Set((await knex('subscription_plans').select('id')).map((row) => row.id));
	const missing = SEEDED_PLANS.filter((row) => !existing.has(row.id));
	if (missing.length > 0) await knex('subscription_plans').insert(missing);
}

/** Removes the seeded plans that no subscription refers to; referenced plans are kept, not orphaned. */
export async function down(knex) {
	const ids = SEEDED_PLANS.map((row) => row.id);
	const referenced = (await knex('user_subscriptions').distinct('plan').whereIn('plan', ids)).map((row) => row.plan);
	await knex('subscription_plans').whereIn('id', ids).whereNotIn('id', referenced).delete();
}
