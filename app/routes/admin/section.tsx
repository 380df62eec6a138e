import { useLocation } from 'react-router';
import { adminScreenWithoutForm, requireAdmin } from '~/lib/auth.server';
import type { Route } from './+types/section';
import { ADMIN_NAV } from '~/components/admin/admin-shell';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export const action = adminScreenWithoutForm;

/** Admin screens that later work builds: they say so plainly. */
export default function AdminSection() {
  const { pathname } = useLocation();
  const title = ADMIN_NAV.find((item) => item.to === pathname)?.label ?? 'Admin';
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="rounded-lg border border-slate-200 bg-white p-5 text-slate-700 shadow-sm">
        This admin screen is not open yet: it arrives with the admin release.
      </p>
    </div>
  );
}
