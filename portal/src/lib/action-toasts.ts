import type { CreateToasterReturn } from '@chakra-ui/react';
import { toaster } from './toaster';

type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

export type ActionToasts = {
	/** The user tries again: the last failure's toast goes, whatever this attempt brings. */
	retried: () => void;
	/** The action failed: one toast per action, so a second failure replaces the first. */
	failed: (options: Omit<ToastOptions, 'id' | 'type'>) => void;
	/** The action succeeded: its failure's toast goes, and the success shows if given. */
	succeeded: (options?: Omit<ToastOptions, 'id' | 'type'>) => void;
};

/**
 * Toasts for one user action (register, pay, create a project…). A failure is shown under an id
 * of the action's own, so it never outlives the attempt that follows it: a retry or a success
 * removes it, and an old "failed" never sits beside the screen that says it worked.
 */
export function actionToasts(action: string, queue: CreateToasterReturn = toaster): ActionToasts {
	const failureId = `failed:${action}`;
	const clear = () => {
		queue.remove(failureId);
	};
	return {
		retried: clear,
		failed: (options) => {
			queue.error({ ...options, id: failureId });
		},
		succeeded: (options) => {
			clear();
			if (options) queue.success(options);
		},
	};
}
