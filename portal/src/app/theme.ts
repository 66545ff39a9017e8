import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
	accordionSlotRecipe,
	alertSlotRecipe,
	animationStyles,
	avatarSlotRecipe,
	badgeRecipe,
	blockquoteSlotRecipe,
	breakpoints,
	buttonRecipe,
	cardSlotRecipe,
	checkmarkRecipe,
	codeRecipe,
	containerRecipe,
	cssVarsPrefix,
	cssVarsRoot,
	dataListSlotRecipe,
	dialogSlotRecipe,
	fieldSlotRecipe,
	globalCss,
	headingRecipe,
	iconRecipe,
	inputAddonRecipe,
	inputRecipe,
	keyframes,
	layerStyles,
	linkRecipe,
	listSlotRecipe,
	menuSlotRecipe,
	nativeSelectSlotRecipe,
	popoverSlotRecipe,
	progressSlotRecipe,
	radioCardSlotRecipe,
	radioGroupSlotRecipe,
	radiomarkRecipe,
	segmentGroupSlotRecipe,
	semanticTokens,
	separatorRecipe,
	skeletonRecipe,
	skipNavLinkRecipe,
	spinnerRecipe,
	statSlotRecipe,
	statusSlotRecipe,
	tableSlotRecipe,
	tabsSlotRecipe,
	textareaRecipe,
	textStyles,
	timelineSlotRecipe,
	toastSlotRecipe,
	tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with only the recipes of the components the portal renders. The full
 * default config carries every recipe Chakra has (date pickers, colour pickers, carousels…), all
 * of it in the first download of every page. A component whose recipe is missing renders
 * unstyled, so `tests/lint/portal-chakra-recipes.test.ts` fails when the portal starts using a
 * component whose recipe is not listed here.
 */
const recipes = {
	badge: badgeRecipe,
	button: buttonRecipe,
	checkmark: checkmarkRecipe,
	code: codeRecipe,
	container: containerRecipe,
	heading: headingRecipe,
	icon: iconRecipe,
	input: inputRecipe,
	inputAddon: inputAddonRecipe,
	link: linkRecipe,
	radiomark: radiomarkRecipe,
	separator: separatorRecipe,
	skeleton: skeletonRecipe,
	skipNavLink: skipNavLinkRecipe,
	spinner: spinnerRecipe,
	textarea: textareaRecipe,
};

const slotRecipes = {
	accordion: accordionSlotRecipe,
	alert: alertSlotRecipe,
	avatar: avatarSlotRecipe,
	blockquote: blockquoteSlotRecipe,
	card: cardSlotRecipe,
	dataList: dataListSlotRecipe,
	dialog: dialogSlotRecipe,
	field: fieldSlotRecipe,
	list: listSlotRecipe,
	menu: menuSlotRecipe,
	nativeSelect: nativeSelectSlotRecipe,
	popover: popoverSlotRecipe,
	progress: progressSlotRecipe,
	radioCard: radioCardSlotRecipe,
	radioGroup: radioGroupSlotRecipe,
	segmentGroup: segmentGroupSlotRecipe,
	stat: statSlotRecipe,
	status: statusSlotRecipe,
	table: tableSlotRecipe,
	tabs: tabsSlotRecipe,
	timeline: timelineSlotRecipe,
	toast: toastSlotRecipe,
};

const portalTheme = defineConfig({
	preflight: true,
	cssVarsPrefix,
	cssVarsRoot,
	globalCss,
	theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
});

const portalRules = defineConfig({
	theme: {
		semanticTokens: {
			colors: {
				// Chakra's error red (red.500) is 3.8:1 on white, under WCAG AA's 4.5:1 for text such as
				// a field's error message; red.600 is 4.8:1.
				// Likewise green.600, Chakra's success text, is 3.3:1; green.700 is 5.0:1.
				fg: {
					error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
					success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.400}' } },
				},
				// White text on these palettes' solid shade (600) is 3.3–3.7:1 (badges, buttons); on 700 it is
				// 6.8:1 or more.
				green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } } },
				teal: { solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.600}' } } },
				cyan: { solid: { value: { _light: '{colors.cyan.700}', _dark: '{colors.cyan.600}' } } },
				orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.600}' } } },
			},
		},
	},
	globalCss: {
		html: {
			scrollBehavior: 'smooth',
			// Keeps hash targets (#features, #pricing) clear of the fixed navigation.
			scrollPaddingTop: '80px',
		},
	},
});

/** Chakra's defaults (for the components above) plus the few global rules; light mode only. */
export const system = createSystem(mergeConfigs(defaultBaseConfig, portalTheme), portalRules);
