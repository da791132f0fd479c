import { type ProcessJournalRequest, ProcessJournalResponse } from '@reflections/contracts/rai';
import { readRaiStream } from '../../lib/rai-stream';

export { RaiStreamFailure } from '../../lib/rai-stream';

/** Sends a message to RAI and reads the reply as it is written (POST /api/ai/rai/process-journal/stream). */
export const streamRaiReply = (
  request: ProcessJournalRequest,
  onChunk: (text: string) => void,
  signal?: AbortSignal,
): Promise<ProcessJournalResponse> =>
  readRaiStream('/api/ai/rai/process-journal/stream', request, ProcessJournalResponse, onChunk, signal);
