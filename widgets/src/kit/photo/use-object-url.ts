import { useEffect, useState } from 'react';

/**
 * A temporary URL showing `blob` (e.g. a cropped photo not uploaded yet), revoked when the blob
 * changes or the component goes; null without a blob.
 *
 * @example
 * ```tsx
 * const preview = useObjectUrl(photo);
 * <PhotoUpload src={preview ?? savedUrl} … />
 * ```
 */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
