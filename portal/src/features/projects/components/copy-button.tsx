import { IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { toaster } from '../../../lib/toaster';

/** Copies `value` to the clipboard; the label names what is copied, for screen readers. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
	const { t } = useTranslation();
	const [copied, setCopied] = useState(false);
	const copy = async () => {
		try {
			await navigator.clipboard.writeText(value);
			setCopied(true);
			window.setTimeout(() => setCopied(false), 2000);
			toaster.success({ title: t('projects.copy.done') });
		} catch {
			toaster.error({ title: t('projects.copy.failed') });
		}
	};
	return (
		<IconButton size="sm" variant="outline" aria-label={label} onClick={() => void copy()} data-testid={testId} data-copied={copied}>
			{copied ? <LuCheck aria-hidden="true" /> : <LuCopy aria-hidden="true" />}
		</IconButton>
	);
}
