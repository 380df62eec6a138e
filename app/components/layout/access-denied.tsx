import { isRouteErrorResponse, Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';

/** Whether an error is a refusal (401, 403): the area's door said no, before anything of it ran. */
export function isRefusal(error: unknown): boolean {
  return isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
}

/** The page for a refusal: nothing of the area refused, only why and the way back to the marketplace. */
export function AccessDenied({ error }: { error: unknown }) {
  const message = errorMessage(error);
  return (
    <main className="mx-auto max-w-xl p-8 text-center" role="alert">
      <h1 className="text-2xl font-bold">Access Denied</h1>
      <p className="mt-2 text-slate-700">{message}</p>
      <Link to="/" className={buttonClasses({ className: 'mt-4' })}>
        Return to marketplace
      </Link>
    </main>
  );
}

/** The message an error response carries (the action-failure shape, or a plain `{ message }`), if any. */
export function errorMessage(error: unknown): string | null {
  const body = isRouteErrorResponse(error) ? (error.data as ErrorData | null) : null;
  return body?.error?.message ?? body?.message ?? null;
}

type ErrorData = { message?: string; error?: { message?: string } };
