import { HStack, Text, type TextProps } from '@chakra-ui/react';
import { LuArrowDownRight, LuArrowRight, LuArrowUpRight } from 'react-icons/lu';
import { changeDirection } from '../lib/usage-format';

const ICONS = { up: LuArrowUpRight, down: LuArrowDownRight, flat: LuArrowRight } as const;
const COLORS = { up: 'green.fg', down: 'red.fg', flat: 'fg.muted' } as const;

/**
 * A change against the previous 30 days: coloured, with an arrow beside the words (the words carry
 * the sign, so colour and arrow are only a help). No percentage means no earlier traffic: muted, no arrow.
 */
export function UsageChange({ percent, children, ...props }: { percent: number | null } & TextProps) {
	if (percent === null) {
		return (
			<Text color="fg.muted" {...props}>
				{children}
			</Text>
		);
	}
	const direction = changeDirection(percent);
	const Icon = ICONS[direction];
	return (
		<HStack gap="1" color={COLORS[direction]} asChild>
			<Text data-direction={direction} {...props}>
				<Icon aria-hidden="true" />
				{children}
			</Text>
		</HStack>
	);
}
