import { toast } from 'sonner';
import { errorMessage } from './api-errors';

/** Error toast with this text rule (server `error`, else `message`, else 'An error occurred.'). */
export function toastError(err: unknown): void {
  toast.error(errorMessage(err));
}

/** Success toast (e.g. 'Agent created'). Toasts last 5 s (set once on the <Toaster>). */
export function toastSuccess(message: string): void {
  toast.success(message);
}
