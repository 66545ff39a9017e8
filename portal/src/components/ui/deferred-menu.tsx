import { cloneElement, lazy, Suspense, useMemo, useState, type ComponentType, type KeyboardEvent, type ReactElement } from 'react';

/** What a deferred menu's code receives once it has loaded; it renders `Menu.Root defaultOpen`. */
export type LoadedMenuProps = {
	/** The trigger button, for `Menu.Trigger asChild`. */
	trigger: ReactElement;
};

type TriggerProps = {
	onClick?: () => void;
	onPointerEnter?: () => void;
	onFocus?: () => void;
	onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
	'aria-haspopup'?: 'menu';
	'aria-expanded'?: boolean;
};

type DeferredMenuProps = {
	trigger: ReactElement<TriggerProps>;
	/** Imports the menu; define it once at module level (it keys the lazy component). */
	load: () => Promise<ComponentType<LoadedMenuProps>>;
};

/**
 * A menu whose code (Chakra's menu machine, positioning, dismissal: about 25 KB gzip) is fetched
 * when someone reaches for it rather than with the first page. A pointer over the trigger or
 * focus on it starts the download; a click, Enter, Space or an arrow key swaps the plain trigger
 * for the real menu, which opens at once and takes focus (and gives it back to its trigger when
 * closed). The swap happens only on that click, never while a pointer may be half-way through one.
 */
export function DeferredMenu({ trigger, load }: DeferredMenuProps) {
	const [opened, setOpened] = useState(false);
	const LoadedMenu = useMemo(() => lazy(async () => ({ default: await load() })), [load]);
	const preload = () => void load();
	const open = () => setOpened(true);

	const plainTrigger = cloneElement(trigger, {
		'aria-haspopup': 'menu',
		'aria-expanded': false,
		onPointerEnter: preload,
		onFocus: preload,
		onClick: open,
		onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
			if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
				event.preventDefault();
				open();
			}
		},
	});

	if (!opened) return plainTrigger;
	return (
		<Suspense fallback={plainTrigger}>
			<LoadedMenu trigger={trigger} />
		</Suspense>
	);
}
