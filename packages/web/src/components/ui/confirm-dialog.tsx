import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question, e.g. 'Are you sure you want to delete agent?'. */
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for deletes. */
  destructive?: boolean;
  /** Runs on confirm; while its promise is pending the button spins. The dialog closes when it resolves. */
  onConfirm: () => void | Promise<unknown>;
  /** Runs on Cancel (after closing); e.g. the 'No' branch of a Yes/No question. */
  onCancel?: () => void;
}

/** A yes/no dialog. If onConfirm throws, the dialog stays open (the caller shows the error toast). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reports the failure; keep the dialog so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={title}
      size="sm"
      footer={
        <>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              onOpenChange(false);
              onCancel?.();
            }}
          >
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'destructive' : 'primary'} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {description && <p className="text-sm text-foreground">{description}</p>}
    </Dialog>
  );
}
