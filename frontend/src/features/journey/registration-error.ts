import type { ApiError } from '../../lib/api';
import { stepOf } from './journey-steps';

export type RegistrationErrorNotice = {
  readonly title:
    | 'Email Already in Use'
    | 'Password Too Short'
    | 'Password Too Common'
    | 'Missing Information'
    | 'Invalid Email'
    | 'Registration Failed';
  readonly description: string;
  /** The step where the person can fix it, when there is one. */
  readonly step: number | null;
};

// docs/product.md#journey chooses the title by the text of "{status}: {body}", first match wins.
const RULES = [
  { contains: 'already exists', title: 'Email Already in Use', field: 'email' },
  { contains: 'password must be at least', title: 'Password Too Short', field: 'password' },
  // Only the server knows the list of common passwords: its message takes the person back to the password step.
  { contains: 'less common password', title: 'Password Too Common', field: 'password' },
  { contains: 'required', title: 'Missing Information', field: null },
  { contains: 'email', title: 'Invalid Email', field: 'email' },
] as const;

function serverMessage(data: unknown): string | null {
  if (
    typeof data === 'object' &&
    data !== null &&
    'error' in data &&
    typeof data.error === 'string' &&
    data.error.trim() !== ''
  )
    return data.error;
  return typeof data === 'string' && data.trim() !== '' ? data : null;
}

/** The toast for a failed registration, and where to send the person to fix it. */
export function registrationErrorNotice(error: Pick<ApiError, 'message' | 'data'>): RegistrationErrorNotice {
  const text = error.message.toLowerCase();
  const description = serverMessage(error.data) ?? (error.message || 'Please try again.');
  const rule = RULES.find((r) => text.includes(r.contains));
  if (!rule) return { title: 'Registration Failed', description, step: null };
  return { title: rule.title, description, step: rule.field ? stepOf(rule.field) : null };
}
