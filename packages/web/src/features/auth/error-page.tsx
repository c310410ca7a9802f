import { MESSAGES } from '@ops/shared';
import { AlertTriangle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { AuthLayout } from './auth-layout';

/** The text for an error code of spec 1 §8: BAD_SESSION has its own message, anything else is unknown. */
export function errorCodeMessage(code: string | null): string {
  return code === 'BAD_SESSION' ? MESSAGES.badSession : MESSAGES.unknownError;
}

/** /error?error_code=…: where identity failures land; 'Go back' returns to /. */
export function ErrorPage() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-3 p-6 text-center">
          <AlertTriangle aria-hidden className="size-8 text-destructive" />
          <p role="alert" className="text-sm">
            {errorCodeMessage(params.get('error_code'))}
          </p>
          <Link to="/" className={buttonClasses('outline', 'sm')}>
            Go back
          </Link>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
