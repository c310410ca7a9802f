import type { ReactNode } from 'react';
import { Card, CardContent } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { AuthLayout } from './auth-layout';

export interface AuthCardProps {
  /** The page title (rendered as the h1). */
  title: string;
  children: ReactNode;
  /** Links under the card ('Reset password', 'Sign in', 'Go back'). */
  links?: ReactNode;
  className?: string;
}

/** A self-service page: the app's mark, a card with the title and the form, and links under it. */
export function AuthCard({ title, children, links, className }: AuthCardProps) {
  return (
    <AuthLayout>
      <Card className={cn('w-full max-w-sm', className)}>
        <CardContent className="grid gap-5 p-6">
          <h1 className="text-center text-xl font-semibold">{title}</h1>
          {children}
        </CardContent>
      </Card>
      {links && (
        <nav aria-label="More options" className="mt-4 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
          {links}
        </nav>
      )}
    </AuthLayout>
  );
}
