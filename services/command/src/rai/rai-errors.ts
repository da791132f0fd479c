import { errorBody } from '@reflections/contracts/validation';
import { AiJobFailedError, AiJobTimeoutError, AiJobUnavailableError } from '@reflections/ai-client/ai-job-client';
import { HttpError } from '@reflections/platform/http/http-error';

/**
 * What the member hears when RAI does not answer in time or at all: a 503 at once, with
 * the entry id. Their words are already stored; a late reply still lands in the journal.
 */
export function raiUnavailable(error: unknown, entryId: string | null): HttpError | null {
  const saved = entryId ? ' Your words are saved in your journal.' : '';
  const body = (message: string) => ({ ...errorBody(message), ...(entryId ? { entryId } : {}) });
  if (error instanceof AiJobTimeoutError) {
    return new HttpError(
      503,
      body(
        `RAI is thinking deeply. Please try again in a moment.${entryId ? ' Your words are saved, and his reply will appear in your journal.' : ''}`,
      ),
    );
  }
  if (error instanceof AiJobFailedError)
    return new HttpError(503, body(`RAI could not answer right now. Please try again in a moment.${saved}`));
  if (error instanceof AiJobUnavailableError)
    return new HttpError(503, body(`RAI is unavailable right now. Please try again in a moment.${saved}`));
  return null;
}
