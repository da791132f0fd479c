import { ContactRequest } from '@reflections/contracts/contact';
import { toErrorBody } from '@reflections/contracts/validation';

export type ContactValues = { name: string; email: string; interest: string; kind: string; message: string };
export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', interest: '', kind: 'message', message: '' };

type Checked =
  | { readonly request: ContactRequest; readonly errors?: undefined }
  | { readonly request?: undefined; readonly errors: ContactErrors };

/** Decodes with the server's own codec, so the form and the API reject the same input with the same words. */
export function checkContact(values: ContactValues): Checked {
  const result = ContactRequest.decode(values);
  return result._tag === 'Left' ? { errors: toErrorBody(result.left).fields } : { request: result.right };
}
