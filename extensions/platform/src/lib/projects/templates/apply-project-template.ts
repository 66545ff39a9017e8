/**
 * Provisioning's part of templates (docs/product.md, Templates): the project's starter is put on
 * its site by the runtime, after the site is claimed. A failure keeps the project: provisioning
 * records it as failed with this reason, naming the template, and Retry applies it again (the
 * runtime finds what an earlier run put there).
 */
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import { storedTemplate, TEMPLATE_TITLES } from './project-template.ts';

/** What the database step says of the template; empty for Blank. */
export async function applyProjectTemplate(driver: Pick<RuntimeDriver, 'applyTemplate'>, projectId: string, stored: unknown): Promise<string> {
	const template = storedTemplate(stored);
	if (template === 'blank') return '';
	const title = TEMPLATE_TITLES[template];
	try {
		await driver.applyTemplate(projectId, template);
	} catch (error) {
		throw new Error(`The ${title} template could not be applied to the site (${(error as Error).message}); Retry applies it again`);
	}
	return `The ${title} template's collections, sample content and roles were added`;
}
