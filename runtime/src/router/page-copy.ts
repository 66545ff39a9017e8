/**
 * Words of the router's own pages in the portal's three languages. The language comes from the
 * browser's Accept-Language header, since these pages are shown before any app can ask.
 */
export type PageKind = 'not-found' | 'suspended' | 'stopped' | 'starting' | 'unavailable' | 'no-answer' | 'busy' | 'storage-full' | 'platform-unavailable';
export type Language = 'en' | 'es' | 'ru';

interface Copy {
	title: string;
	body: string;
}

export const PAGE_COPY: Record<Language, Record<PageKind, Copy> & { support: string }> = {
	en: {
		'not-found': {
			title: 'No site here',
			body: 'No Epic CMS project uses this address. Check the spelling, or if you just added a custom domain, finish its DNS verification in the portal.',
		},
		suspended: {
			title: 'This site is suspended',
			body: 'The project is suspended, usually because its subscription has ended. Its owner can reactivate it in the portal; no content has been deleted.',
		},
		stopped: { title: 'This site is stopped', body: 'Its owner has stopped this project. It will answer again once it is started from the portal.' },
		starting: { title: 'Starting your CMS…', body: 'This site was asleep to save resources and is waking up. This page reloads by itself in a moment.' },
		unavailable: { title: 'This site could not start', body: 'The CMS did not answer. We retry automatically; try again in a minute.' },
		'no-answer': { title: 'This site did not answer', body: 'The CMS is running but did not answer this request. Try again in a moment.' },
		busy: { title: 'This site is asleep, and the platform is busy', body: 'The site wakes as soon as the platform has room for it. Please try again in a minute.' },
		'storage-full': {
			title: "This project's storage is full",
			body: 'New uploads are refused until files are deleted or the project moves to a larger plan. Everything already stored is kept.',
		},
		'platform-unavailable': {
			title: 'The platform is briefly unavailable',
			body: 'Running sites keep answering, but this request needs the platform, which is starting again. Please try again in a minute.',
		},
		support: 'Need help? Write to',
	},
	es: {
		'not-found': {
			title: 'No hay ningún sitio aquí',
			body: 'Ningún proyecto de Epic CMS usa esta dirección. Revisa la ortografía o, si acabas de añadir un dominio propio, termina su verificación DNS en el portal.',
		},
		suspended: {
			title: 'Este sitio está suspendido',
			body: 'El proyecto está suspendido, normalmente porque su suscripción ha terminado. Su propietario puede reactivarlo en el portal; no se ha borrado ningún contenido.',
		},
		stopped: { title: 'Este sitio está detenido', body: 'Su propietario ha detenido este proyecto. Volverá a responder cuando se inicie desde el portal.' },
		starting: { title: 'Iniciando tu CMS…', body: 'Este sitio estaba en reposo para ahorrar recursos y se está despertando. Esta página se recarga sola en un momento.' },
		unavailable: { title: 'Este sitio no pudo iniciarse', body: 'El CMS no respondió. Lo reintentamos automáticamente; vuelve a probar en un minuto.' },
		'no-answer': { title: 'Este sitio no respondió', body: 'El CMS está en marcha, pero no respondió a esta solicitud. Vuelve a intentarlo en un momento.' },
		busy: {
			title: 'Este sitio está en reposo y la plataforma está ocupada',
			body: 'El sitio se despertará en cuanto la plataforma tenga sitio para él. Vuelve a intentarlo en un minuto.',
		},
		'storage-full': {
			title: 'El almacenamiento de este proyecto está lleno',
			body: 'Las nuevas subidas se rechazan hasta que se borren archivos o el proyecto pase a un plan mayor. Todo lo ya guardado se conserva.',
		},
		'platform-unavailable': {
			title: 'La plataforma no está disponible por un momento',
			body: 'Los sitios en marcha siguen respondiendo, pero esta solicitud necesita la plataforma, que se está reiniciando. Vuelve a intentarlo en un minuto.',
		},
		support: '¿Necesitas ayuda? Escribe a',
	},
	ru: {
		'not-found': {
			title: 'Здесь нет сайта',
			body: 'Ни один проект Epic CMS не использует этот адрес. Проверьте написание или, если вы только что добавили свой домен, завершите его проверку DNS в портале.',
		},
		suspended: {
			title: 'Сайт приостановлен',
			body: 'Проект приостановлен, обычно потому что закончилась подписка. Владелец может возобновить его в портале; содержимое не удалено.',
		},
		stopped: { title: 'Сайт остановлен', body: 'Владелец остановил этот проект. Сайт снова заработает после запуска из портала.' },
		starting: { title: 'Запускаем вашу CMS…', body: 'Сайт спал, чтобы не тратить ресурсы, и сейчас просыпается. Страница обновится сама через мгновение.' },
		unavailable: { title: 'Сайт не смог запуститься', body: 'CMS не ответила. Мы повторяем попытки автоматически; попробуйте ещё раз через минуту.' },
		'no-answer': { title: 'Сайт не ответил', body: 'CMS работает, но не ответила на этот запрос. Попробуйте ещё раз через мгновение.' },
		busy: { title: 'Сайт спит, а платформа занята', body: 'Сайт проснётся, как только у платформы освободится для него место. Попробуйте ещё раз через минуту.' },
		'storage-full': {
			title: 'Хранилище проекта заполнено',
			body: 'Новые загрузки отклоняются, пока не удалены файлы или проект не перейдёт на больший тариф. Всё уже сохранённое остаётся.',
		},
		'platform-unavailable': {
			title: 'Платформа ненадолго недоступна',
			body: 'Работающие сайты продолжают отвечать, но этому запросу нужна платформа, которая сейчас перезапускается. Попробуйте ещё раз через минуту.',
		},
		support: 'Нужна помощь? Напишите на',
	},
};

/** The first of en/es/ru the browser asks for, by its q-ordering; English otherwise. */
export function pickLanguage(acceptLanguage: string | undefined): Language {
	const wanted = (acceptLanguage ?? '')
		.split(',')
		.map((part) => {
			const [tag = '', ...params] = part.trim().toLowerCase().split(';');
			const q = Number(params.find((param) => param.trim().startsWith('q='))?.split('=')[1] ?? 1);
			return { language: tag.split('-')[0], q: Number.isFinite(q) ? q : 0 };
		})
		.sort((a, b) => b.q - a.q);
	for (const { language } of wanted) if (language === 'en' || language === 'es' || language === 'ru') return language;
	return 'en';
}
