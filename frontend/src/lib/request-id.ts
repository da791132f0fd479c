/** A fresh id for one thing the member sends, reused on retry so the server stores it once. */
export const newRequestId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
