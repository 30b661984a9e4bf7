import type { Promotion } from '@fm/sdk/contracts';
import { type ApiClient, listPromotions } from '@fm/sdk/embed';
import { useEffect, useRef, useState } from 'react';
import { useFmClient } from '../../client-context.tsx';
import type { WidgetTheme } from '../../theme.ts';
import { toWidgetError, type WidgetError } from '../../widget-error.ts';
import {
  type PromotionsState,
  PromotionsView,
  type PromotionsViewProps,
} from './promotions-view.tsx';

export interface PromotionsProps
  extends Pick<PromotionsViewProps, 'reducedMotion' | 'autoAdvanceMs' | 'headingLevel'> {
  /** The SDK client (signed in); defaults to the one of the nearest `FmClientProvider`. */
  client?: ApiClient | undefined;
  theme?: WidgetTheme | undefined;
  /** Called with the promotions once loaded (also when there are none). */
  onLoaded?: ((promotions: readonly Promotion[]) => void) | undefined;
  /** Called when loading fails. */
  onError?: ((error: WidgetError) => void) | undefined;
}

/**
 * The promotions carousel, loading `GET /api/users/promotions` through the SDK: the promotions
 * running now for the signed-in user. Nothing shows when there are none, nor for a visitor who is
 * not signed in (401); any other failure shows "Error fetching promotions: …".
 *
 * @example
 * <FmClientProvider client={api}>
 *   <Promotions onError={(e) => console.warn(e.message)} />
 * </FmClientProvider>
 */
export function Promotions({ client, theme, onLoaded, onError, ...view }: PromotionsProps) {
  const api = useFmClient(client);
  const [state, setState] = useState<PromotionsState>({ status: 'loading' });
  // Callbacks are read through a ref so that new function identities do not refetch.
  const callbacks = useRef({ onLoaded, onError });
  useEffect(() => {
    callbacks.current = { onLoaded, onError };
  });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    listPromotions(api.http).then(
      ({ promotions }) => {
        if (!current) return;
        setState({ status: 'ready', promotions });
        callbacks.current.onLoaded?.(promotions);
      },
      (error: unknown) => {
        if (!current) return;
        const failure = toWidgetError(error);
        // A visitor has no audience, so no promotions: nothing to show, but the host is told.
        setState(
          failure.status === 401
            ? { status: 'ready', promotions: [] }
            : { status: 'error', message: failure.message },
        );
        callbacks.current.onError?.(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [api]);

  return <PromotionsView state={state} theme={theme} {...view} />;
}
