import { useEffect, useMemo } from 'react';

/** A preview url for a chosen file, revoked when the file changes or the view goes. */
export function useObjectUrl(file: Blob | null): string | null {
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
