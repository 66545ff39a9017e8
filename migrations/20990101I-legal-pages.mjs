/**
 * The first privacy policy and terms of service, in English, Spanish and Russian, published, so
 * /privacy and /terms are never empty on a fresh install (docs/product.md, Site content). They say
 * what this product stores and does; staff edit them in Studio (`site_pages`) afterwards, so `up`
 * adds only a page and language that has no item yet, and `down` removes only texts still as seeded.
 * Testimonials, promotions, the timeline and the team are not seeded: they show only once staff
 * enter real ones.
 */

/** When these texts were written: the page's "Last updated" until staff edit it. */
const WRITTEN_AT = '2026-11-22T00:00:00.000Z';

const PRIVACY_EN = `This policy explains what this service stores about you, why, and how to have it deleted. It covers the customer portal and the control plane behind it. The content you put into your own CMS projects is yours; see "Your projects" below.

## What we store

- **Your account**: your email address, first and last name, preferred language, the status of your account and, if you upload one, your profile picture. Your password is stored only as a one-way hash; nobody can read it.
- **Sessions**: while you are signed in, a session record with an expiry date lets the portal keep you signed in. Signing out, changing your password or deleting your account ends your sessions.
- **Billing**: payments are handled by Stripe. Card details are entered on Stripe's own form and never reach our servers. We keep the identifiers Stripe gives us for you and your subscription, your plan, billing period, subscription status and dates, and the events Stripe sends us about payments.
- **Your projects**: each project's name, description, subdomain, custom domain, status, and the administrator email and generated password of its CMS (the password is encrypted at rest). We also count the requests each project's sites receive per day, to show you your usage; these counts contain no information about the visitors.
- **Messages and notifications**: what you send with the contact form (name, email, subject, message), and the notifications the portal shows you about your projects, subscription and domains.
- **Activity log**: for sign-ins and changes made through the service, the time, your network address and your browser's identification are recorded in our administration log.

## Your projects

Each project is a separate Directus CMS with its own database. We store and serve what you put in it only to run the project for you; we do not read it, sell it or use it for anything else, except where the law requires us to.

## Emails we send

We email you only about your account and your service: the verification of your address, password resets, email address changes, account deletion, payments and subscription changes, custom domains that stop being served, and a copy of the messages you send us. We send no marketing emails.

## Cookies and local storage

The portal uses no advertising or tracking cookies. It keeps two entries in your browser's local storage: \`epic-auth\`, which holds your session so you stay signed in, and \`preferred-language\`, the language you chose. Signing out removes \`epic-auth\`. When you pay, Stripe's checkout may set its own cookies under Stripe's privacy policy.

## Who else sees your data

Stripe processes your payments. Our email provider delivers the emails above. We share your data with no one else and never sell it.

## Keeping and deleting your data

We keep your data while you have an account. You can correct your name and email on your profile page, and delete your account there at any time. Deleting it cancels your subscription, deletes your projects with their data, your profile picture, your messages, notifications and sessions, and asks Stripe to delete you as a customer. What accounting requires stays, without your name or email: subscription records (plan, period, status, dates) and payment events.

## Contact

For any question about your data, write to us through the [help centre](/help).`;

const PRIVACY_ES = `Esta política explica qué datos guarda este servicio sobre ti, para qué y cómo borrarlos. Se aplica al portal de clientes y al plano de control que lo sostiene. El contenido que pones en tus propios proyectos CMS es tuyo; consulta «Tus proyectos» más abajo.

## Qué guardamos

- **Tu cuenta**: tu dirección de correo, nombre y apellido, idioma preferido, el estado de tu cuenta y, si la subes, tu foto de perfil. Tu contraseña se guarda solo como un hash irreversible; nadie puede leerla.
- **Sesiones**: mientras tienes la sesión iniciada, un registro de sesión con fecha de caducidad permite que el portal la mantenga. Cerrar la sesión, cambiar la contraseña o eliminar la cuenta termina tus sesiones.
- **Facturación**: los pagos los gestiona Stripe. Los datos de la tarjeta se introducen en el propio formulario de Stripe y nunca llegan a nuestros servidores. Guardamos los identificadores que Stripe nos da para ti y tu suscripción, tu plan, el periodo de facturación, el estado y las fechas de la suscripción, y los eventos que Stripe nos envía sobre los pagos.
- **Tus proyectos**: el nombre, la descripción, el subdominio, el dominio propio y el estado de cada proyecto, y el correo y la contraseña generada del administrador de su CMS (la contraseña se guarda cifrada). También contamos las peticiones que reciben cada día los sitios de cada proyecto, para mostrarte su uso; estos recuentos no contienen información sobre los visitantes.
- **Mensajes y notificaciones**: lo que envías con el formulario de contacto (nombre, correo, asunto, mensaje) y las notificaciones que el portal te muestra sobre tus proyectos, tu suscripción y tus dominios.
- **Registro de actividad**: para los inicios de sesión y los cambios hechos a través del servicio, se anotan en nuestro registro de administración la hora, tu dirección de red y la identificación de tu navegador.

## Tus proyectos

Cada proyecto es un CMS Directus independiente con su propia base de datos. Guardamos y servimos lo que pones en él solo para hacer funcionar el proyecto; no lo leemos, no lo vendemos ni lo usamos para nada más, salvo cuando la ley nos obligue.

## Correos que enviamos

Solo te escribimos sobre tu cuenta y tu servicio: la verificación de tu dirección, el restablecimiento de la contraseña, los cambios de correo, la eliminación de la cuenta, los pagos y cambios de suscripción, los dominios propios que dejan de servirse y una copia de los mensajes que nos envías. No enviamos correos publicitarios.

## Cookies y almacenamiento local

El portal no usa cookies publicitarias ni de seguimiento. Guarda dos entradas en el almacenamiento local de tu navegador: \`epic-auth\`, que contiene tu sesión para que sigas conectado, y \`preferred-language\`, el idioma que elegiste. Al cerrar la sesión se borra \`epic-auth\`. Cuando pagas, el formulario de pago de Stripe puede poner sus propias cookies según la política de privacidad de Stripe.

## Quién más ve tus datos

Stripe procesa tus pagos. Nuestro proveedor de correo entrega los correos mencionados. No compartimos tus datos con nadie más y nunca los vendemos.

## Conservación y eliminación

Guardamos tus datos mientras tengas una cuenta. Puedes corregir tu nombre y tu correo en la página de perfil, y eliminar allí tu cuenta en cualquier momento. Eliminarla cancela tu suscripción, borra tus proyectos con sus datos, tu foto de perfil, tus mensajes, notificaciones y sesiones, y pide a Stripe que te borre como cliente. Lo que exige la contabilidad se conserva, sin tu nombre ni tu correo: los registros de suscripción (plan, periodo, estado, fechas) y los eventos de pago.

## Contacto

Para cualquier pregunta sobre tus datos, escríbenos desde el [centro de ayuda](/help).`;

const PRIVACY_RU = `Эта политика объясняет, какие данные о вас хранит сервис, зачем и как их удалить. Она относится к клиентскому порталу и к управляющей части сервиса за ним. Содержимое, которое вы размещаете в своих CMS-проектах, принадлежит вам; см. раздел «Ваши проекты» ниже.

## Что мы храним

- **Ваш аккаунт**: адрес электронной почты, имя и фамилию, предпочитаемый язык, статус аккаунта и, если вы её загрузили, фотографию профиля. Пароль хранится только в виде необратимого хеша; прочитать его не может никто.
- **Сеансы**: пока вы вошли в систему, запись сеанса со сроком действия позволяет порталу не разлогинивать вас. Выход, смена пароля или удаление аккаунта завершают ваши сеансы.
- **Оплата**: платежи обрабатывает Stripe. Данные карты вводятся в собственную форму Stripe и никогда не попадают на наши серверы. Мы храним идентификаторы, которые Stripe присваивает вам и вашей подписке, ваш тариф, период оплаты, статус и даты подписки, а также события о платежах, которые присылает Stripe.
- **Ваши проекты**: название, описание, поддомен, собственный домен и статус каждого проекта, а также адрес почты и сгенерированный пароль администратора его CMS (пароль хранится в зашифрованном виде). Мы также считаем запросы к сайтам каждого проекта по дням, чтобы показывать вам статистику; эти счётчики не содержат сведений о посетителях.
- **Сообщения и уведомления**: то, что вы отправляете через форму обратной связи (имя, почта, тема, сообщение), и уведомления о ваших проектах, подписке и доменах, которые показывает портал.
- **Журнал действий**: для входов и изменений, сделанных через сервис, в нашем служебном журнале записываются время, ваш сетевой адрес и идентификация вашего браузера.

## Ваши проекты

Каждый проект — это отдельная CMS Directus со своей базой данных. Мы храним и отдаём то, что вы в неё помещаете, только чтобы проект работал; мы не читаем эти данные, не продаём их и не используем ни для чего другого, кроме случаев, когда этого требует закон.

## Письма, которые мы отправляем

Мы пишем вам только о вашем аккаунте и сервисе: подтверждение адреса, сброс пароля, смена адреса почты, удаление аккаунта, платежи и изменения подписки, собственные домены, которые перестали обслуживаться, и копии ваших сообщений нам. Рекламных писем мы не отправляем.

## Cookie и локальное хранилище

Портал не использует рекламные и отслеживающие cookie. Он хранит в локальном хранилище вашего браузера две записи: \`epic-auth\` — ваш сеанс, чтобы вы оставались в системе, и \`preferred-language\` — выбранный вами язык. При выходе \`epic-auth\` удаляется. Когда вы платите, платёжная форма Stripe может устанавливать собственные cookie в соответствии с политикой конфиденциальности Stripe.

## Кто ещё видит ваши данные

Stripe обрабатывает ваши платежи. Наш почтовый провайдер доставляет перечисленные письма. Больше мы ни с кем не делимся вашими данными и никогда их не продаём.

## Хранение и удаление

Мы храним ваши данные, пока у вас есть аккаунт. Имя и адрес почты можно исправить на странице профиля, там же можно в любой момент удалить аккаунт. Удаление отменяет подписку, удаляет ваши проекты с их данными, фотографию профиля, сообщения, уведомления и сеансы и просит Stripe удалить вас как клиента. Остаётся то, чего требует бухгалтерский учёт, без вашего имени и почты: записи о подписке (тариф, период, статус, даты) и события платежей.

## Связь с нами

С любыми вопросами о ваших данных пишите нам через [центр помощи](/help).`;

const TERMS_EN = `These terms apply to your use of this service: the customer portal, your subscription and the CMS projects we host for you. By creating an account you accept them.

## The service

We run Directus CMS projects for you. Each project has its own database, an address on our domain with the admin app at /admin, REST and GraphQL APIs, and optionally your own domain once its DNS points to us. Your plan sets how many projects you can create. Unless your plan includes a Directus licence, projects run the Directus core tier, which allows up to 3 Studio seats, 25 collections and 5 flows per project.

## Your account

Give a real email address, keep your password to yourself and tell us through the [help centre](/help) if you think someone else has used your account. You are responsible for what is done with your account and your projects.

## Plans, billing and cancellation

- Plans are billed in advance, monthly, quarterly or yearly, through Stripe, and renew automatically at the end of each period until you cancel.
- You can change plan or cancel at any time from the subscription page or the billing portal. A cancelled subscription stays active until the end of the period you have paid for and is not renewed.
- When a subscription ends or a payment cannot be collected, your projects' sites are suspended; they are served again once a subscription is active.

## 30-day money-back guarantee

If the service is not right for you, ask for a refund through the [help centre](/help) within 30 days of your first payment and we will refund that payment in full. Your subscription then ends.

## Acceptable use

Do not use the service for anything illegal, to store or spread malware, to send spam, to attack or overload other systems, or to infringe other people's rights. We may suspend a project that does, and tell you why.

## Your content

What you put in your projects remains yours. You give us permission to store, copy and serve it only as needed to run your projects. Keep your own copies of content that matters to you.

## Availability

We work to keep projects online and answer support requests, but we cannot promise uninterrupted service. Planned work that affects your projects will be announced in advance where possible.

## Ending the service

You can delete your account at any time on your profile page; that deletes your projects and their data and cannot be undone. The [privacy policy](/privacy) describes what is kept afterwards.

## Changes to these terms

When these terms change, the date at the top of this page changes. Continuing to use the service after a change means you accept the new terms.

## Contact

Questions about these terms: write to us through the [help centre](/help).`;

const TERMS_ES = `Estas condiciones se aplican al uso de este servicio: el portal de clientes, tu suscripción y los proyectos CMS que alojamos para ti. Al crear una cuenta las aceptas.

## El servicio

Hacemos funcionar proyectos Directus CMS para ti. Cada proyecto tiene su propia base de datos, una dirección en nuestro dominio con la aplicación de administración en /admin, APIs REST y GraphQL y, si quieres, tu propio dominio cuando su DNS apunte a nosotros. Tu plan fija cuántos proyectos puedes crear. Salvo que tu plan incluya una licencia de Directus, los proyectos usan el nivel básico de Directus, que permite hasta 3 puestos de Studio, 25 colecciones y 5 flujos por proyecto.

## Tu cuenta

Indica una dirección de correo real, no compartas tu contraseña y avísanos desde el [centro de ayuda](/help) si crees que otra persona ha usado tu cuenta. Eres responsable de lo que se hace con tu cuenta y tus proyectos.

## Planes, facturación y cancelación

- Los planes se cobran por adelantado, mensual, trimestral o anualmente, a través de Stripe, y se renuevan automáticamente al final de cada periodo hasta que los canceles.
- Puedes cambiar de plan o cancelar en cualquier momento desde la página de suscripción o el portal de facturación. Una suscripción cancelada sigue activa hasta el final del periodo pagado y no se renueva.
- Cuando una suscripción termina o no se puede cobrar un pago, los sitios de tus proyectos se suspenden; vuelven a servirse cuando hay una suscripción activa.

## Garantía de devolución de 30 días

Si el servicio no es lo que necesitas, pide un reembolso desde el [centro de ayuda](/help) en los 30 días siguientes a tu primer pago y te devolveremos ese pago completo. Tu suscripción termina entonces.

## Uso aceptable

No uses el servicio para nada ilegal, para guardar o difundir malware, enviar spam, atacar o sobrecargar otros sistemas ni vulnerar los derechos de otras personas. Podemos suspender un proyecto que lo haga y te diremos por qué.

## Tu contenido

Lo que pones en tus proyectos sigue siendo tuyo. Nos permites guardarlo, copiarlo y servirlo solo en la medida necesaria para hacer funcionar tus proyectos. Guarda tus propias copias del contenido que te importe.

## Disponibilidad

Trabajamos para mantener los proyectos en línea y responder a las solicitudes de soporte, pero no podemos prometer un servicio sin interrupciones. Cuando sea posible, avisaremos con antelación de los trabajos previstos que afecten a tus proyectos.

## Fin del servicio

Puedes eliminar tu cuenta en cualquier momento en tu página de perfil; eso borra tus proyectos y sus datos y no se puede deshacer. La [política de privacidad](/privacy) describe lo que se conserva después.

## Cambios en estas condiciones

Cuando estas condiciones cambian, cambia la fecha que aparece al principio de esta página. Seguir usando el servicio después de un cambio significa que aceptas las nuevas condiciones.

## Contacto

Preguntas sobre estas condiciones: escríbenos desde el [centro de ayuda](/help).`;

const TERMS_RU = `Эти условия действуют, когда вы пользуетесь сервисом: клиентским порталом, подпиской и CMS-проектами, которые мы размещаем для вас. Создавая аккаунт, вы их принимаете.

## Сервис

Мы запускаем и обслуживаем для вас проекты Directus CMS. У каждого проекта своя база данных, адрес на нашем домене с панелью администратора по пути /admin, REST и GraphQL API и, по желанию, ваш собственный домен, когда его DNS указывает на нас. Тариф определяет, сколько проектов можно создать. Если тариф не включает лицензию Directus, проекты работают на базовом уровне Directus: до 3 мест в Studio, 25 коллекций и 5 потоков на проект.

## Ваш аккаунт

Указывайте настоящий адрес почты, никому не сообщайте пароль и сообщите нам через [центр помощи](/help), если считаете, что вашим аккаунтом воспользовался кто-то другой. Вы отвечаете за то, что делается с вашим аккаунтом и проектами.

## Тарифы, оплата и отмена

- Тарифы оплачиваются заранее, помесячно, поквартально или за год, через Stripe и автоматически продлеваются в конце каждого периода, пока вы их не отмените.
- Сменить тариф или отменить подписку можно в любой момент на странице подписки или в платёжном портале. Отменённая подписка действует до конца оплаченного периода и не продлевается.
- Когда подписка заканчивается или платёж не удаётся списать, сайты ваших проектов приостанавливаются; они снова работают, как только подписка становится активной.

## Гарантия возврата денег в течение 30 дней

Если сервис вам не подошёл, запросите возврат через [центр помощи](/help) в течение 30 дней после первого платежа, и мы вернём этот платёж полностью. После этого подписка заканчивается.

## Допустимое использование

Не используйте сервис для незаконных целей, для хранения или распространения вредоносных программ, рассылки спама, атак на другие системы или их перегрузки, а также для нарушения прав других людей. Мы можем приостановить такой проект и сообщим вам причину.

## Ваше содержимое

То, что вы размещаете в своих проектах, остаётся вашим. Вы разрешаете нам хранить, копировать и отдавать это содержимое только в той мере, в какой это нужно для работы ваших проектов. Храните собственные копии важного для вас содержимого.

## Доступность

Мы стараемся, чтобы проекты работали без перебоев, и отвечаем на обращения в поддержку, но не можем обещать бесперебойную работу. О плановых работах, затрагивающих ваши проекты, мы по возможности предупреждаем заранее.

## Прекращение использования

Вы можете в любой момент удалить аккаунт на странице профиля; при этом удаляются ваши проекты и их данные, и это нельзя отменить. Что сохраняется после удаления, описано в [политике конфиденциальности](/privacy).

## Изменения условий

Когда эти условия меняются, меняется дата в начале страницы. Продолжая пользоваться сервисом после изменения, вы принимаете новые условия.

## Связь с нами

Вопросы об этих условиях задавайте через [центр помощи](/help).`;

export const LEGAL_PAGES = [
	{ slug: 'privacy', language: 'en', title: 'Privacy policy', body: PRIVACY_EN },
	{ slug: 'privacy', language: 'es', title: 'Política de privacidad', body: PRIVACY_ES },
	{ slug: 'privacy', language: 'ru', title: 'Политика конфиденциальности', body: PRIVACY_RU },
	{ slug: 'terms', language: 'en', title: 'Terms of service', body: TERMS_EN },
	{ slug: 'terms', language: 'es', title: 'Condiciones del servicio', body: TERMS_ES },
	{ slug: 'terms', language: 'ru', title: 'Условия использования', body: TERMS_RU },
];

/** Directus keeps timestamps on SQLite as epoch milliseconds (extensions/platform/src/lib/billing/db-values.ts). */
function writtenAt(knex) {
	const date = new Date(WRITTEN_AT);
	return String(knex.client.config.client).includes('sqlite') ? date.getTime() : date;
}

export async function up(knex) {
	for (const page of LEGAL_PAGES) {
		if (await knex('site_pages').where({ slug: page.slug, language: page.language }).first()) continue;
		await knex('site_pages').insert({ ...page, status: 'published', date_created: writtenAt(knex) });
	}
}

export async function down(knex) {
	for (const page of LEGAL_PAGES) {
		await knex('site_pages').where(page).delete();
	}
}
