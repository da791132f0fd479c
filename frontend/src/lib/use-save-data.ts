import { useSyncExternalStore } from 'react';

type NetworkInformation = EventTarget & { readonly saveData?: boolean };

const connection = (): NetworkInformation | undefined =>
  (navigator as Navigator & { connection?: NetworkInformation }).connection;

function subscribe(onChange: () => void) {
  const network = connection();
  network?.addEventListener('change', onChange);
  return () => network?.removeEventListener('change', onChange);
}

const getSnapshot = () => connection()?.saveData === true;

/** True when the browser asks sites to save data (Data Saver, `Save-Data: on`). */
export function useSaveData(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
