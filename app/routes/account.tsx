import { Form, Link, useLoaderData } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { requireUser } from '~/lib/auth.server';
import type { Route } from './+types/account';

export const meta: Route.MetaFunction = () => [{ title: 'My Account — FreshCatch' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { user: { name: user.name, email: user.email } };
}

export default function AccountRoute() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">My Account</h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold">Profile</h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600">Full name</dt>
          <dd>{user.name}</dd>
          <dt className="font-medium text-slate-600">Email</dt>
          <dd>{user.email}</dd>
        </dl>
        <p className="mt-6 text-sm text-slate-700">
          Orders, notifications and settings open here with the checkout release.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/wishlist" className={buttonClasses({ variant: 'outline' })}>
            My Wishlist
          </Link>
          <Form method="post" action="/logout">
            <Button type="submit" variant="secondary">
              Logout
            </Button>
          </Form>
        </div>
      </div>
    </section>
  );
}
