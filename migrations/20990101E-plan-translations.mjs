/**
 * Spanish and Russian for the seeded plans (their `translations` field; English is the row). Staff
 * edit them in Studio afterwards, so `up` fills only plans whose translations are still empty.
 */
export const PLAN_TRANSLATIONS = {
	free: {
		es: { name: 'Gratis', description: 'Una cuenta para conocer el portal. Sin proyectos alojados.', features: ['Portal de cliente', 'Cambio de plan en cualquier momento'] },
		ru: { name: 'Бесплатный', description: 'Аккаунт, чтобы познакомиться с порталом. Без размещённых проектов.', features: ['Клиентский портал', 'Смена тарифа в любой момент'] },
	},
	starter: {
		es: {
			name: 'Inicial',
			description: 'Un CMS alojado para un sitio personal o una pequeña empresa.',
			features: ['1 proyecto Directus alojado', 'Subdominio con SSL', 'Dominio propio', 'APIs REST y GraphQL', 'Soporte por correo'],
		},
		ru: {
			name: 'Стартовый',
			description: 'Одна размещённая CMS для личного сайта или небольшой компании.',
			features: ['1 размещённый проект Directus', 'Поддомен с SSL', 'Собственный домен', 'REST и GraphQL API', 'Поддержка по почте'],
		},
	},
	pro: {
		es: {
			name: 'Pro',
			description: 'Hasta tres proyectos para equipos en crecimiento.',
			features: ['Hasta 3 proyectos Directus alojados', 'Subdominios con SSL', 'Dominios propios', 'APIs REST y GraphQL', 'Soporte prioritario'],
		},
		ru: {
			name: 'Про',
			description: 'До трёх проектов для растущих команд.',
			features: ['До 3 размещённых проектов Directus', 'Поддомены с SSL', 'Собственные домены', 'REST и GraphQL API', 'Приоритетная поддержка'],
		},
	},
	business: {
		es: {
			name: 'Empresa',
			description: 'Proyectos ilimitados para agencias y equipos grandes.',
			features: ['Proyectos Directus alojados ilimitados', 'Subdominios con SSL', 'Dominios propios', 'APIs REST y GraphQL', 'Soporte prioritario'],
		},
		ru: {
			name: 'Бизнес',
			description: 'Неограниченное число проектов для агентств и больших команд.',
			features: ['Неограниченное число проектов Directus', 'Поддомены с SSL', 'Собственные домены', 'REST и GraphQL API', 'Приоритетная поддержка'],
		},
	},
};

export async function up(knex) {
	for (const [id, translations] of Object.entries(PLAN_TRANSLATIONS)) {
		await knex('subscription_plans')
			.where({ id })
			.whereNull('translations')
			.update({ translations: JSON.stringify(translations) });
	}
}

/** Empties only translations still as seeded (PostgreSQL's json type has no equality: compare here). */
export async function down(knex) {
	const rows = await knex('subscription_plans').select('id', 'translations').whereIn('id', Object.keys(PLAN_TRANSLATIONS));
	for (const row of rows) {
		const stored = typeof row.translations === 'string' ? JSON.parse(row.translations) : row.translations;
		if (JSON.stringify(stored) === JSON.stringify(PLAN_TRANSLATIONS[row.id])) {
			await knex('subscription_plans').where({ id: row.id }).update({ translations: null });
		}
	}
}
