import { Box, IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleHelp } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

/**
 * Round help button pinned to the bottom corner of every page. It sits in a landmark of its own, so
 * nothing on the page is outside one (screen readers list landmarks to move around a page).
 */
export function FloatingHelpButton() {
	const { t } = useTranslation();
	return (
		<Box as="aside" aria-label={t('nav.helpCenter')}>
			<IconButton
				asChild
				position="fixed"
				bottom={{ base: '4', md: '6' }}
				right={{ base: '4', md: '6' }}
				zIndex="docked"
				size="lg"
				rounded="full"
				colorPalette="purple"
				boxShadow="lg"
				_print={{ display: 'none' }}
				aria-label={t('nav.helpCenter')}
				title={t('nav.helpCenter')}
			>
				<RouterLink to={paths.help.getHref()}>
					<LuCircleHelp />
				</RouterLink>
			</IconButton>
		</Box>
	);
}
