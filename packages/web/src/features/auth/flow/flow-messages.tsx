import type { UiText } from '@ops/shared';
import { cn } from '../../../lib/cn';

const TONE: Record<UiText['type'], string> = {
  error: 'border-destructive/30 bg-destructive/10 text-destructive',
  info: 'border-info/30 bg-info/10 text-foreground',
  success: 'border-success/30 bg-success/10 text-success',
};

/** The flow's own messages (ui.messages), e.g. wrong credentials or 'Your changes have been saved!'. */
export function FlowMessages({ messages, className }: { messages: readonly UiText[] | undefined; className?: string }) {
  if (!messages?.length) return null;
  return (
    <div className={cn('grid gap-2', className)}>
      {messages.map((m) => (
        <p
          key={`${m.id}-${m.text}`}
          role={m.type === 'error' ? 'alert' : 'status'}
          data-message-id={m.id}
          className={cn('rounded-md border px-3 py-2 text-sm', TONE[m.type])}
        >
          {m.text}
        </p>
      ))}
    </div>
  );
}

/** Messages attached to one node, under its field. */
export function NodeMessages({ messages }: { messages: readonly UiText[] }) {
  if (!messages.length) return null;
  return (
    <>
      {messages.map((m) => (
        <p
          key={`${m.id}-${m.text}`}
          role={m.type === 'error' ? 'alert' : undefined}
          data-message-id={m.id}
          className={cn('text-xs', m.type === 'error' ? 'text-destructive' : 'text-muted-foreground')}
        >
          {m.text}
        </p>
      ))}
    </>
  );
}
