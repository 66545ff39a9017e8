import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrConfig } from './swr-config';
import { system } from './theme';

type AppProviderProps = {
	children: ReactNode;
	/** Data the first render starts from (a server-drawn page's, see server-rendered-data.ts). */
	swrFallback?: Record<string, unknown>;
};

/** Providers that do not depend on the router (the auth provider does, see root-layout). */
export function AppProvider({ children, swrFallback = {} }: AppProviderProps) {
	return (
		<ChakraProvider value={system}>
			<SWRConfig value={{ ...swrConfig, fallback: swrFallback }}>{children}</SWRConfig>
		</ChakraProvider>
	);
}
