import type { ApiClient } from '@fm/sdk/embed';
import { createContext, type ReactNode, useContext } from 'react';

const FmClientContext = createContext<ApiClient | null>(null);

export interface FmClientProviderProps {
  /** An app's `FmClient`, or an element's `ApiClient` (the transport and its credentials). */
  client: ApiClient;
  children?: ReactNode;
}

/**
 * Gives every widget below it the SDK client to reach the API with (widgets never call fetch).
 *
 * @example
 * <FmClientProvider client={api}>
 *   <ProfileCard profileId={id} />
 * </FmClientProvider>
 */
export function FmClientProvider({ client, children }: FmClientProviderProps) {
  // `.Provider` rather than React 19's `<Context value>` so that a smaller compatible runtime works too.
  return <FmClientContext.Provider value={client}>{children}</FmClientContext.Provider>;
}

/**
 * The client passed explicitly, else the one of the nearest {@link FmClientProvider}.
 *
 * @example
 * const api = useFmClient(props.client);
 */
export function useFmClient(explicit?: ApiClient): ApiClient {
  const fromContext = useContext(FmClientContext);
  const client = explicit ?? fromContext;
  if (!client) {
    throw new Error(
      'A widget needs an SDK client: pass `client` or wrap it in <FmClientProvider>.',
    );
  }
  return client;
}
