import type { AuthUser } from '@fm/sdk/contracts';
import { EMBED_TEXT } from '@fm/sdk/contracts';
import {
  createElement,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { WidgetTheme } from '../theme.ts';
import type { WidgetError } from '../widget-error.ts';
import { signInUrlFor } from './element-attributes.ts';
import { type ElementClient, elementClientFor, useSignedInUserId } from './element-client.ts';
import { PopupSignInError, signInWithPopup, signOutOfElement } from './embed-session.ts';
import type { FmEventDetailMap } from './events.ts';
import { useFmEvents } from './host-events.ts';

/** Errors that mean the embed key itself is refused here (rule 18): the element says so and stops. */
const REFUSED_CODES: readonly string[] = ['EMBED_ORIGIN_NOT_ALLOWED', 'EMBED_KEY_INVALID'];

/** The attributes every element shares. */
export interface EmbedAttributes {
  /** `api-base`: the API's base URL; defaults to the loader's origin + `/api`. */
  apiBase?: string | undefined;
  /** `embed-key`: a publishable embed key (`pk_…`) for a page on another origin (rule 18). */
  embedKey?: string | undefined;
  /** `theme`: `light` (default), `dark` or `auto` (the visitor's colour scheme). */
  theme?: string | undefined;
}

const darkQuery = () =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/**
 * The `theme` attribute resolved: `dark`, `light`, or for `auto` the visitor's
 * `prefers-color-scheme`, followed live.
 *
 * @example
 * const theme = useElementTheme('auto');
 */
export function useElementTheme(value: string | undefined): WidgetTheme {
  const prefersDark = useSyncExternalStore(
    (notify) => {
      const query = darkQuery();
      query?.addEventListener('change', notify);
      return () => query?.removeEventListener('change', notify);
    },
    () => darkQuery()?.matches ?? false,
    () => false,
  );
  if (value === 'dark') return 'dark';
  if (value === 'auto') return prefersDark ? 'dark' : 'light';
  return 'light';
}

export interface EmbedElement {
  ref: RefObject<HTMLDivElement | null>;
  dispatch: <K extends keyof FmEventDetailMap>(name: K, detail: FmEventDetailMap[K]) => boolean;
  entry: ElementClient;
  userId: string | null;
  theme: WidgetTheme;
  /** The portal's sign-in page (the link elements show; with a key it opens the popup). */
  signInUrl: string;
  /** With an embed key: signs in through the popup (call from a click). */
  signIn: (() => Promise<AuthUser>) | undefined;
  signOut: () => Promise<void>;
  /** Reports a failure as `fm-error`; a refused key also shows the refusal. */
  report: (error: WidgetError) => void;
  refusal: WidgetError | null;
}

/**
 * What every element does around its widget: the shared client for its API base and embed key,
 * the resolved theme, typed `fm-*` events, sign-in through the popup (`fm-signed-in`) and
 * sign-out (`fm-signed-out`), and the refusal of a key that does not work here.
 *
 * @example
 * const embed = useEmbedElement(props);
 * return embedFrame(embed, createElement(ProfileCard, { client: embed.entry.client, … }));
 */
export function useEmbedElement({ apiBase, embedKey, theme }: EmbedAttributes): EmbedElement {
  const { ref, dispatch } = useFmEvents<HTMLDivElement>();
  const entry = useMemo(() => elementClientFor(apiBase, embedKey), [apiBase, embedKey]);
  const userId = useSignedInUserId(entry);
  const resolved = useElementTheme(theme);
  const [refusal, setRefusal] = useState<WidgetError | null>(null);
  const signInUrl = useMemo(() => signInUrlFor(apiBase), [apiBase]);
  const typed = useCallback(
    <K extends keyof FmEventDetailMap>(name: K, detail: FmEventDetailMap[K]) =>
      dispatch(name, detail),
    [dispatch],
  );
  const report = useCallback(
    (error: WidgetError) => {
      if (REFUSED_CODES.includes(error.code)) setRefusal(error);
      typed('fm-error', error);
    },
    [typed],
  );
  const signIn = useMemo(
    () =>
      entry.embedKey
        ? () =>
            signInWithPopup(entry).then(
              (user) => {
                typed('fm-signed-in', { user });
                return user;
              },
              (error: unknown) => {
                if (error instanceof PopupSignInError && error.reason === 'popup-blocked') {
                  typed('fm-error', {
                    message: EMBED_TEXT.popupBlocked,
                    code: 'POPUP_BLOCKED',
                    status: 0,
                  });
                }
                throw error;
              },
            )
        : undefined,
    [entry, typed],
  );
  const signOut = useCallback(async () => {
    await signOutOfElement(entry);
    typed('fm-signed-out', null);
  }, [entry, typed]);
  // A new key or API base starts without the old refusal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: entry is the trigger
  useEffect(() => setRefusal(null), [entry]);
  return {
    ref,
    dispatch: typed,
    entry,
    userId,
    theme: resolved,
    signInUrl,
    signIn,
    signOut,
    report,
    refusal,
  };
}

const FRAME_CSS = `
.fm-embed-refused,.fm-embed-account{font:14px/1.5 var(--fm-font-family,system-ui,sans-serif);color:var(--fm-color-text,#0f172a)}
.fm-embed-refused{display:block;padding:12px 16px;border:1px solid var(--fm-color-danger,#b91c1c);border-radius:var(--fm-radius,8px);background:var(--fm-color-danger-surface,#fef2f2);color:var(--fm-color-danger,#b91c1c)}
.fm-embed-account{display:flex;gap:8px;align-items:center;justify-content:flex-end;padding:4px 0}
.fm-embed-account button{font:inherit;cursor:pointer;border:1px solid currentColor;border-radius:var(--fm-radius,8px);background:transparent;color:inherit;padding:2px 10px}
[data-theme=dark].fm-embed-account,[data-theme=dark].fm-embed-refused{color:#e2e8f0}
`;

/**
 * The element's content inside its frame: the refusal instead of the widget when the key is
 * refused here; links to the portal's sign-in page open the popup when there is a key; with
 * `account`, a "Log Out" bar while a visitor is signed in through the key.
 *
 * @example
 * return embedFrame(embed, createElement(Chat, …), { account: true });
 */
export function embedFrame(
  embed: EmbedElement,
  content: ReactNode,
  options: { account?: boolean } = {},
) {
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    const signIn = embed.signIn;
    if (!signIn) return;
    const target = event.target instanceof Element ? event.target.closest('a') : null;
    if (!target || target.href !== embed.signInUrl) return;
    event.preventDefault();
    signIn().catch(() => undefined);
  };
  const account =
    options.account && embed.entry.embedKey && embed.userId
      ? createElement(
          'div',
          { className: 'fm-embed-account', part: 'account', 'data-theme': embed.theme },
          createElement('span', null, embed.entry.store.get()?.user.firstName ?? ''),
          createElement(
            'button',
            { type: 'button', onClick: () => void embed.signOut() },
            EMBED_TEXT.signOutButton,
          ),
        )
      : null;
  return createElement(
    'div',
    { ref: embed.ref, style: { display: 'contents' }, onClickCapture },
    createElement('style', null, FRAME_CSS),
    embed.refusal
      ? createElement(
          'p',
          {
            className: 'fm-embed-refused',
            part: 'refused',
            role: 'alert',
            'data-theme': embed.theme,
          },
          embed.refusal.message,
        )
      : null,
    embed.refusal ? null : account,
    embed.refusal ? null : content,
  );
}
