import { MESSAGES } from '@ops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-errors';
import { safeReturnTo } from '../../lib/return-to';
import { login, type LoginBody } from './auth-api';
import { AuthLayout } from './auth-layout';

interface FieldErrors {
  email?: string;
  password?: string;
}

function validate(body: LoginBody): FieldErrors {
  const errors: FieldErrors = {};
  if (!body.email.trim()) errors.email = MESSAGES.required;
  if (!body.password) errors.password = MESSAGES.required;
  return errors;
}

/** /login: password sign-in; returns to a same-origin `return_to`; `?username=&password=` signs in at once. */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const returnTo = safeReturnTo(params.get('return_to'));
  const [email, setEmail] = useState(params.get('username') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const autoTried = useRef(false);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: () => {
      client.clear(); // a new user: nothing cached from a previous session may leak
      void navigate(returnTo, { replace: true });
    },
  });

  // Automatic sign-in from the query string; the password is removed from the address bar first.
  useEffect(() => {
    const username = params.get('username');
    const pass = params.get('password');
    if (autoTried.current || !username || !pass) return;
    autoTried.current = true;
    const rest = new URLSearchParams(params);
    rest.delete('password');
    setParams(rest, { replace: true });
    mutation.mutate({ email: username, password: pass });
  }, [params, setParams, mutation]);

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const body = { email: email.trim(), password };
    const found = validate(body);
    setErrors(found);
    if (!found.email && !found.password) mutation.mutate(body);
  };

  return (
    <AuthLayout>
      <Card className="w-full max-w-sm">
        <CardContent className="p-6">
          <h1 className="mb-5 text-center text-xl font-semibold">Sign In to your account</h1>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <Field id="login-email" label="Email" error={errors.email}>
              <Input
                id="login-email"
                name="email"
                type="text"
                autoComplete="username"
                autoFocus
                value={email}
                invalid={!!errors.email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <Field id="login-password" label="Password" error={errors.password}>
              <Input
                id="login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                invalid={!!errors.password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            {mutation.isError && (
              <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {errorMessage(mutation.error)}
              </p>
            )}
            <Button type="submit" className="mt-1 w-full" loading={mutation.isPending}>
              Sign in
            </Button>
          </form>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
