import { toast } from '@fm/widgets/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ADMIN_TOASTS, ADMIN_UI } from '../admin-toasts.ts';
import { adminApi } from '../api/client.ts';
import { errorMessage } from '../api/error-message.ts';
import type { MenuAction } from './actions-menu.tsx';

/** The flags the Actions dropdown reads: deactivated, and visible (`status`). */
export interface ToggleFlags {
  isDeactivated: boolean;
  status: boolean;
}

interface Target {
  /** `franchisor`: a franchisor user, a user whose deletion has its own toast (§8). */
  kind: 'user' | 'franchisor' | 'franchise';
  id: string;
  /**
   * Where Delete leads afterwards (the list, from a detail page). Without it the page stays and
   * refreshes (a row of a table).
   */
  afterDelete?: string;
  /** The noun of the delete dialog, e.g. 'consultant'. */
  noun: string;
}

const TEXTS = {
  user: {
    activated: ADMIN_TOASTS.userActivated,
    deactivated: ADMIN_TOASTS.userDeactivated,
    hidden: ADMIN_TOASTS.userHidden,
    shown: ADMIN_TOASTS.userShown,
    deleted: ADMIN_TOASTS.userDeleted,
  },
  // §8 words the toggles of any user as "User …" and a franchisor's deletion as its own.
  franchisor: {
    activated: ADMIN_TOASTS.userActivated,
    deactivated: ADMIN_TOASTS.userDeactivated,
    hidden: ADMIN_TOASTS.userHidden,
    shown: ADMIN_TOASTS.userShown,
    deleted: ADMIN_TOASTS.franchisorDeleted,
  },
  franchise: {
    activated: ADMIN_TOASTS.franchiseActivated,
    deactivated: ADMIN_TOASTS.franchiseDeactivated,
    hidden: ADMIN_TOASTS.franchiseHidden,
    shown: ADMIN_TOASTS.franchiseShown,
    deleted: ADMIN_TOASTS.franchiseDeleted,
  },
} as const;

/**
 * The Actions dropdown of a user or franchise (admin-panel §4, §6): activate or deactivate, show
 * or hide, delete (asked first). Each shows its §8 toast and refreshes what the page shows.
 */
export function useAccountActions(target: Target, flags: ToggleFlags | undefined): MenuAction[] {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!flags) return [];
  const texts = TEXTS[target.kind];
  const attempt = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toast.success(success);
      await queryClient.invalidateQueries();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const isUser = target.kind !== 'franchise';
  const setDeactivated = (value: boolean) =>
    isUser
      ? adminApi.setUserDeactivated(target.id, value)
      : adminApi.setFranchiseDeactivated(target.id, value);
  const setVisible = (value: boolean) =>
    isUser
      ? adminApi.setUserVisible(target.id, value)
      : adminApi.setFranchiseVisible(target.id, value);
  const remove = () =>
    isUser ? adminApi.deleteUser(target.id) : adminApi.deleteFranchise(target.id);

  return [
    flags.isDeactivated
      ? {
          label: ADMIN_UI.activate,
          onSelect: () => attempt(() => setDeactivated(false), texts.activated),
        }
      : {
          label: ADMIN_UI.deactivate,
          onSelect: () => attempt(() => setDeactivated(true), texts.deactivated),
        },
    flags.status
      ? { label: ADMIN_UI.hide, onSelect: () => attempt(() => setVisible(false), texts.hidden) }
      : { label: ADMIN_UI.show, onSelect: () => attempt(() => setVisible(true), texts.shown) },
    {
      label: ADMIN_UI.delete,
      danger: true,
      confirm: {
        title: `Delete this ${target.noun}?`,
        text: `The ${target.noun} can no longer sign in or be found. This cannot be undone here.`,
        confirmLabel: ADMIN_UI.delete,
      },
      onSelect: async () => {
        try {
          await remove();
          toast.success(texts.deleted);
          if (target.afterDelete === undefined) {
            await queryClient.invalidateQueries();
            return;
          }
          queryClient.removeQueries();
          await navigate(target.afterDelete);
        } catch (error) {
          toast.error(errorMessage(error));
        }
      },
    },
  ];
}
