/**
 * The account emails' words in the user's language (docs/product.md, Account emails): verification, password
 * reset, email change (the link to the new address, the notice to a taken address's owner, the
 * notice to the old address) and account deletion.
 */
import type { EmailLanguage } from '../../email/email-language.ts';
import { PRODUCT_NAME, type EmailCopy } from '../../email/render-email.ts';

export type AccountEmail =
	| { kind: 'verify_email'; url: string }
	| { kind: 'reset_password'; url: string }
	| { kind: 'confirm_email_change'; url: string; email: string }
	| { kind: 'email_taken'; url: string }
	| { kind: 'email_changed'; email: string; support: string }
	| { kind: 'account_deleted'; support: string };

type CopyOf = { [K in AccountEmail['kind']]: (facts: Extract<AccountEmail, { kind: K }>) => EmailCopy };

const COPY: Record<EmailLanguage, CopyOf> = {
	en: {
		verify_email: ({ url }) => ({
			subject: `Verify your email address for ${PRODUCT_NAME}`,
			paragraphs: [`Welcome to ${PRODUCT_NAME}!`, 'Please confirm your email address to finish creating your account.'],
			action: { label: 'Verify email address', url },
			footnote: 'If you did not create an account, you can ignore this email.',
		}),
		reset_password: ({ url }) => ({
			subject: `Reset your ${PRODUCT_NAME} password`,
			paragraphs: ['We received a request to reset the password of your account.', 'The link works once and expires in 24 hours.'],
			action: { label: 'Choose a new password', url },
			footnote: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
		}),
		confirm_email_change: ({ url, email }) => ({
			subject: `Confirm your new email address for ${PRODUCT_NAME}`,
			paragraphs: [`You asked to change the email address of your account to ${email}.`, 'Your old address stays in use until you confirm. The link expires in 24 hours.'],
			action: { label: 'Confirm new email address', url },
			footnote: 'If you did not ask for this, you can ignore this email.',
		}),
		email_taken: ({ url }) => ({
			subject: `Someone tried to use your email address on ${PRODUCT_NAME}`,
			paragraphs: [
				`Someone asked to move another ${PRODUCT_NAME} account to this email address. This address already belongs to your account, so nothing was changed.`,
				'If that was you, sign in with this address instead.',
			],
			action: { label: 'Sign in', url },
		}),
		email_changed: ({ email, support }) => ({
			subject: `The email address of your ${PRODUCT_NAME} account was changed`,
			paragraphs: [
				`The email address of your account is now ${email}. This address will no longer receive emails about it.`,
				`If you did not make this change, write to ${support} at once.`,
			],
		}),
		account_deleted: ({ support }) => ({
			subject: `Your ${PRODUCT_NAME} account has been deleted`,
			paragraphs: [
				'Your account, its projects and your personal data have been deleted, and your subscription has been cancelled.',
				'We keep only the invoices and payment records the law requires us to keep.',
				`If you did not ask for this, write to ${support}.`,
			],
		}),
	},
	es: {
		verify_email: ({ url }) => ({
			subject: `Verifica tu dirección de correo para ${PRODUCT_NAME}`,
			paragraphs: [`¡Te damos la bienvenida a ${PRODUCT_NAME}!`, 'Confirma tu dirección de correo para terminar de crear tu cuenta.'],
			action: { label: 'Verificar correo', url },
			footnote: 'Si no creaste una cuenta, puedes ignorar este correo.',
		}),
		reset_password: ({ url }) => ({
			subject: `Restablece tu contraseña de ${PRODUCT_NAME}`,
			paragraphs: ['Recibimos una solicitud para restablecer la contraseña de tu cuenta.', 'El enlace funciona una sola vez y caduca en 24 horas.'],
			action: { label: 'Elegir una nueva contraseña', url },
			footnote: 'Si no lo solicitaste, puedes ignorar este correo: tu contraseña no cambia.',
		}),
		confirm_email_change: ({ url, email }) => ({
			subject: `Confirma tu nueva dirección de correo para ${PRODUCT_NAME}`,
			paragraphs: [`Pediste cambiar la dirección de correo de tu cuenta a ${email}.`, 'Tu dirección anterior sigue en uso hasta que lo confirmes. El enlace caduca en 24 horas.'],
			action: { label: 'Confirmar nueva dirección', url },
			footnote: 'Si no lo solicitaste, puedes ignorar este correo.',
		}),
		email_taken: ({ url }) => ({
			subject: `Alguien intentó usar tu dirección de correo en ${PRODUCT_NAME}`,
			paragraphs: [
				`Alguien pidió trasladar otra cuenta de ${PRODUCT_NAME} a esta dirección de correo. Esta dirección ya pertenece a tu cuenta, así que no se cambió nada.`,
				'Si fuiste tú, inicia sesión con esta dirección.',
			],
			action: { label: 'Iniciar sesión', url },
		}),
		email_changed: ({ email, support }) => ({
			subject: `Se cambió la dirección de correo de tu cuenta de ${PRODUCT_NAME}`,
			paragraphs: [
				`La dirección de correo de tu cuenta ahora es ${email}. Esta dirección ya no recibirá correos sobre ella.`,
				`Si no hiciste este cambio, escribe de inmediato a ${support}.`,
			],
		}),
		account_deleted: ({ support }) => ({
			subject: `Tu cuenta de ${PRODUCT_NAME} ha sido eliminada`,
			paragraphs: [
				'Tu cuenta, sus proyectos y tus datos personales han sido eliminados, y tu suscripción ha sido cancelada.',
				'Solo conservamos las facturas y los registros de pago que la ley nos obliga a guardar.',
				`Si no lo solicitaste, escribe a ${support}.`,
			],
		}),
	},
	ru: {
		verify_email: ({ url }) => ({
			subject: `Подтвердите адрес электронной почты для ${PRODUCT_NAME}`,
			paragraphs: [`Добро пожаловать в ${PRODUCT_NAME}!`, 'Подтвердите адрес электронной почты, чтобы завершить создание учётной записи.'],
			action: { label: 'Подтвердить адрес', url },
			footnote: 'Если вы не создавали учётную запись, просто проигнорируйте это письмо.',
		}),
		reset_password: ({ url }) => ({
			subject: `Сброс пароля ${PRODUCT_NAME}`,
			paragraphs: ['Мы получили запрос на сброс пароля вашей учётной записи.', 'Ссылка срабатывает один раз и действует 24 часа.'],
			action: { label: 'Задать новый пароль', url },
			footnote: 'Если вы не запрашивали сброс, проигнорируйте это письмо: пароль останется прежним.',
		}),
		confirm_email_change: ({ url, email }) => ({
			subject: `Подтвердите новый адрес электронной почты для ${PRODUCT_NAME}`,
			paragraphs: [`Вы попросили сменить адрес электронной почты учётной записи на ${email}.`, 'Пока вы не подтвердите смену, действует прежний адрес. Ссылка действует 24 часа.'],
			action: { label: 'Подтвердить новый адрес', url },
			footnote: 'Если вы этого не запрашивали, проигнорируйте это письмо.',
		}),
		email_taken: ({ url }) => ({
			subject: `Кто-то пытался использовать ваш адрес в ${PRODUCT_NAME}`,
			paragraphs: [
				`Кто-то попросил перенести другую учётную запись ${PRODUCT_NAME} на этот адрес электронной почты. Адрес уже принадлежит вашей учётной записи, поэтому ничего не изменилось.`,
				'Если это были вы, войдите с этим адресом.',
			],
			action: { label: 'Войти', url },
		}),
		email_changed: ({ email, support }) => ({
			subject: `Адрес электронной почты вашей учётной записи ${PRODUCT_NAME} изменён`,
			paragraphs: [
				`Теперь адрес вашей учётной записи — ${email}. Письма о ней больше не будут приходить на этот адрес.`,
				`Если это сделали не вы, немедленно напишите на ${support}.`,
			],
		}),
		account_deleted: ({ support }) => ({
			subject: `Ваша учётная запись ${PRODUCT_NAME} удалена`,
			paragraphs: [
				'Ваша учётная запись, её проекты и ваши персональные данные удалены, подписка отменена.',
				'Мы храним только счета и платёжные записи, которые обязаны хранить по закону.',
				`Если вы этого не запрашивали, напишите на ${support}.`,
			],
		}),
	},
};

export function accountEmailCopy(language: EmailLanguage, email: AccountEmail): EmailCopy {
	const build = COPY[language][email.kind] as (facts: AccountEmail) => EmailCopy;
	return build(email);
}
