import { errorBody, errorMessage, errorStatus } from '../../lib/api';
import { serverMessage } from '../../lib/server-message';
import { useToast } from '../../lib/toast';

type SendOptions = {
  /** What the member reads once it is sent. */
  readonly done: string;
  /** The toast's title once it is sent. */
  readonly doneTitle?: string;
  /** What he reads when the server gives no words of its own; the error's own message when absent. */
  readonly failed?: string;
  /** Empties the form and its draft once it is sent. */
  readonly reset?: () => void;
  /** What follows a send (closing the dialog), before the crisis lines are shown. */
  readonly then?: () => void;
  readonly onCrisis: () => void;
};

/**
 * How every forum form ends (docs/product.md#forum-boards): sent, it says so, empties the form,
 * closes, and shows the crisis lines when the server found crisis words in it; refused, it says
 * the server's own words and keeps what he wrote.
 */
export function useForumSend(options: SendOptions) {
  const { toast } = useToast();
  return async (send: () => Promise<{ readonly crisisResources: boolean }>) => {
    try {
      const sent = await send();
      toast({ title: options.doneTitle ?? 'Success', description: options.done, variant: 'success' });
      options.reset?.();
      options.then?.();
      if (sent.crisisResources) options.onCrisis();
    } catch (error) {
      // 429 is a rule (slow mode, or too many at once), not a fault: said calmly, with the wait the server names.
      const paced = errorStatus(error) === 429;
      toast({
        title: paced ? 'Please wait' : 'Error',
        description: serverMessage(errorBody(error), options.failed ?? errorMessage(error)),
        variant: paced ? 'info' : 'destructive',
      });
    }
  };
}
