/** The management API's inputs: the runtime validates with these before it touches anything. */
import { z } from 'zod';

export const projectId = z
	.string()
	.regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, 'must be letters, digits and hyphens')
	.refine((id) => !id.startsWith('pool-'), 'must not start with "pool-"');

/** One DNS label: letters, digits and hyphens, not starting or ending with a hyphen. */
export const subdomain = z
	.string()
	.transform((value) => value.toLowerCase())
	.pipe(z.string().regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, 'must be letters, digits and hyphens, starting and ending with a letter or digit'));

export const domain = z
	.string()
	.transform((value) => value.toLowerCase().replace(/\.$/, ''))
	.pipe(z.string().max(253).regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name'));

export const adminCredentials = z.object({
	email: z.email(),
	password: z.string().min(8).max(256),
});

export const ensureInstanceBody = z.object({
	subdomain,
	projectName: z.string().trim().min(1).max(100),
	admin: adminCredentials,
});

export const domainsBody = z.object({ domains: z.array(domain).max(10) });

export const usageQuery = z.object({
	from: z.iso.date().optional(),
	projectId: projectId.optional(),
});

export type AdminCredentials = z.infer<typeof adminCredentials>;

/** What the control plane asks for: the project's id (the path) and the ensure body. */
export interface EnsureInstanceRequest extends z.input<typeof ensureInstanceBody> {
	projectId: string;
}
