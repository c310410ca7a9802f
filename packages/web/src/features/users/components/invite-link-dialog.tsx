import { CopyButton } from '../../../components/copy-button';
import { Button, Dialog } from '../../../components/ui';

export interface InviteLinkDialogProps {
  /** The invite answer's link and who it is for; null when closed. */
  invite: { link: string; email: string; mailed: boolean } | null;
  onClose: () => void;
}

/** Invite Link: the link that lets the invited person set a password and sign in, with copy. */
export function InviteLinkDialog({ invite, onClose }: InviteLinkDialogProps) {
  return (
    <Dialog
      open={invite !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Invite Link"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {invite && (
        <div className="grid gap-3 text-sm">
          <p>
            Send this link to <strong>{invite.email}</strong>
            {invite.mailed ? ' (it was also sent by e-mail)' : ''}. It lets them set a password and sign in; it works once.
          </p>
          <div className="flex items-center gap-2">
            <code aria-label="Invite link" className="min-w-0 flex-1 break-all rounded-md border bg-muted px-2 py-1.5 font-mono text-xs">
              {invite.link}
            </code>
            <CopyButton text={invite.link} successMessage="Link copied to clipboard" />
          </div>
        </div>
      )}
    </Dialog>
  );
}
