import type { ReactNode } from 'react';
import { Card, CardContent } from '../../../components/ui/card';

/** One section of /profile-settings: a titled card (the title names the region for screen readers and tests). */
export function SettingsSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardContent className="grid gap-4 p-5">
          <div>
            <h2 id={id} className="text-base font-semibold">
              {title}
            </h2>
            {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
          </div>
          {children}
        </CardContent>
      </Card>
    </section>
  );
}
