import { Toaster, type ToasterProps } from 'sonner';

/**
 * The toast outlet both apps mount once, so success and failure toasts look and sit the same
 * everywhere (top right, coloured by kind, with a close button). Toasts are raised with sonner's
 * `toast.success(...)` / `toast.error(...)`, re-exported here.
 *
 * @example
 * ```tsx
 * <RouterProvider router={router} />
 * <AppToaster />
 * ```
 */
export function AppToaster({ position = 'top-right' }: { position?: ToasterProps['position'] }) {
  return <Toaster position={position} richColors closeButton />;
}

export { toast } from 'sonner';
