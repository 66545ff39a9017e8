import { createToaster } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { actionToasts } from './action-toasts';

const queue = () => createToaster({ placement: 'bottom-end', max: 3 });
const titles = (toaster: ReturnType<typeof queue>) => toaster.getVisibleToasts().map((toast) => [toast.type, toast.title]);

describe('action toasts', () => {
	it('keeps one failure per action, removed by the retry and replaced by the success', () => {
		const toaster = queue();
		const create = actionToasts('create-project', toaster);
		create.failed({ title: 'Failed to create project' });
		create.failed({ title: 'Failed to create project again' });
		expect(titles(toaster)).toEqual([['error', 'Failed to create project again']]);
		create.retried();
		expect(titles(toaster)).toEqual([]);
		create.failed({ title: 'Failed to create project' });
		create.succeeded({ title: 'Created' });
		expect(titles(toaster)).toEqual([['success', 'Created']]);
	});

	it("leaves another action's failure alone", () => {
		const toaster = queue();
		actionToasts('assign-domain', toaster).failed({ title: 'Failed to update custom domain' });
		actionToasts('create-project', toaster).succeeded();
		expect(titles(toaster)).toEqual([['error', 'Failed to update custom domain']]);
	});
});
