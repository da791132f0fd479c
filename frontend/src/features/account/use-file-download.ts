import { useCallback, useEffect, useRef, useState } from 'react';

/** Longer than this, a download shows that it is still on its way. */
export const PROGRESS_AFTER_MS = 1000;

type DownloadState = { readonly busy: string | null; readonly slow: boolean; readonly error: string | null };

const filenameOf = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;

async function errorOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: string };
    if (body.error) return body.error;
  } catch {
    // Not JSON: the status says enough.
  }
  return `The download failed (${response.status}). Please try again.`;
}

/**
 * Fetches a file from the API with the session's cookie and hands it to the browser as a
 * download; `slow` turns on once it has taken PROGRESS_AFTER_MS, for a progress indicator.
 */
export function useFileDownload() {
  const [state, setState] = useState<DownloadState>({ busy: null, slow: false, error: null });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const download = useCallback(async (name: string, path: string, fallbackFilename: string) => {
    setState({ busy: name, slow: false, error: null });
    timer.current = setTimeout(() => setState((current) => ({ ...current, slow: true })), PROGRESS_AFTER_MS);
    try {
      const response = await fetch(path, { credentials: 'include' });
      if (!response.ok) throw new Error(await errorOf(response));
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = filenameOf(response, fallbackFilename);
      link.click();
      URL.revokeObjectURL(url);
      setState({ busy: null, slow: false, error: null });
    } catch (error) {
      setState({ busy: null, slow: false, error: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer.current);
    }
  }, []);

  return { ...state, download };
}
