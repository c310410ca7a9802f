/** Card edge and text colours by health: healthy green, unhealthy red, warning orange, else grey. */
export function healthTone(health: string | null | undefined): { border: string; text: string; dot: string } {
  switch ((health ?? '').toLowerCase()) {
    case 'healthy':
      return { border: 'border-l-success', text: 'text-success', dot: 'bg-success' };
    case 'unhealthy':
      return { border: 'border-l-destructive', text: 'text-destructive', dot: 'bg-destructive' };
    case 'warning':
      return { border: 'border-l-warning', text: 'text-warning', dot: 'bg-warning' };
    default:
      return { border: 'border-l-muted-foreground/40', text: 'text-muted-foreground', dot: 'bg-muted-foreground/50' };
  }
}
