import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '~/components/auth/auth-card';
import { buttonClasses } from '~/components/ui/button';
import { withReturnTarget } from '~/lib/return-target';
import type { Route } from './+types/email-confirmation';

export const meta: Route.MetaFunction = () => [{ title: 'Email confirmed — FreshCatch' }];

export const REDIRECT_SECONDS = 5;

export default function EmailConfirmationRoute() {
  const [params] = useSearchParams();
  const failed = params.has('error');
  // Log in, then on to where the visitor was going before confirming (the link keeps it).
  const login = withReturnTarget('/login', params.get('redirectTo'));
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    if (failed) return;
    const started = Date.now();
    const tick = setInterval(() => {
      const left = REDIRECT_SECONDS - Math.floor((Date.now() - started) / 1000);
      if (left <= 0) {
        clearInterval(tick);
        navigate(login, { replace: true });
      } else {
        setSecondsLeft(left);
      }
    }, 250);
    return () => clearInterval(tick);
  }, [failed, navigate, login]);

  if (failed) {
    return (
      <AuthCard title="This link has expired">
        <div className="space-y-4 text-slate-800">
          <CircleAlert aria-hidden="true" className="h-12 w-12 text-amber-600" />
          <p>
            This confirmation link is invalid or has already been used. Log in and we will send you a fresh
            one.
          </p>
          <Link to={login} className={buttonClasses({ className: 'w-full' })}>
            Go to Login
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Email confirmed">
      <div className="space-y-4 text-slate-800">
        <CircleCheck aria-hidden="true" className="h-12 w-12 text-green-600" />
        <p>Your email has been confirmed. Your FreshCatch account is ready.</p>
        <p role="status">You will be taken to the login page in {secondsLeft} seconds.</p>
        <Link to={login} replace className={buttonClasses({ className: 'w-full' })}>
          Log in now
        </Link>
      </div>
    </AuthCard>
  );
}
