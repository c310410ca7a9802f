import { MESSAGES } from '@ops/shared';
import { toast } from 'sonner';

/**
 * Copies text with clipboard toasts: 'Clipboard not available' without the API,
 * 'Failed to copy to clipboard' when it refuses, else `success` ('Copied to clipboard' by default).
 */
export async function copyText(text: string, success: string = MESSAGES.copied): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) {
    toast.error(MESSAGES.clipboardUnavailable);
    return false;
  }
  try {
    await navigator.clipboard.writeText(text);
    toast.success(success);
    return true;
  } catch {
    toast.error(MESSAGES.clipboardFailed);
    return false;
  }
}
