import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrConfig } from './swr-config';
import { system } from './theme';

/** Providers that do not depend on the router (the auth provider does, see root-layout). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
    </ChakraProvider>
  );
}
