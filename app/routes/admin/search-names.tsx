import { Languages } from 'lucide-react';
import { Form, useActionData, useLoaderData } from 'react-router';
import { FormActions } from '~/components/admin/form-actions';
import { type AdminListColumn, AdminListScreen } from '~/components/admin/list-screen';
import { RowConfirmButton, RowLink } from '~/components/admin/row-icon';
import { Field } from '~/components/ui/field';
import { act, load } from '~/lib/route.server';
import { redirectWithToast } from '~/lib/toast.server';
import { useActionResult } from '~/lib/use-action-result';
import { SynonymActionSchema, SynonymListQuerySchema } from '#core/catalog/schemas';
import {
  type AdminSynonym,
  createSynonym,
  deleteSynonym,
  getSynonymForAdmin,
  listSynonymsForAdmin,
  updateSynonym,
} from '#core/catalog/synonyms';
import type { Route } from './+types/search-names';

export const meta: Route.MetaFunction = () => [{ title: 'Search Names — FreshCatch Admin' }];

const LIST = '/admin/search-names';

export const loader = load({
  auth: 'admin',
  query: SynonymListQuerySchema,
  run: async ({ admin, query, services: { db } }) => {
    const [synonyms, editing] = await Promise.all([
      listSynonymsForAdmin(db, admin),
      typeof query.edit === 'number' ? getSynonymForAdmin(db, admin, query.edit as number) : null,
    ]);
    return { synonyms, editing, adding: query.edit === 'new' };
  },
});

export const SEARCH_NAME_TOASTS = {
  added: { title: 'Success', description: 'Search name added successfully' },
  updated: { title: 'Success', description: 'Search name updated successfully' },
  deleted: { title: 'Success', description: 'Search name deleted successfully' },
};

export const action = act({
  auth: 'admin',
  form: SynonymActionSchema,
  run: async ({ admin, input, services: { db }, context }) => {
    if (input.intent === 'delete') {
      await deleteSynonym(db, admin, input.synonymId);
      return redirectWithToast(context, LIST, { type: 'success', ...SEARCH_NAME_TOASTS.deleted });
    }
    const names = { term: input.term, means: input.means };
    if (input.intent === 'update') {
      await updateSynonym(db, admin, input.synonymId, names);
      return redirectWithToast(context, LIST, { type: 'success', ...SEARCH_NAME_TOASTS.updated });
    }
    await createSynonym(db, admin, names);
    return redirectWithToast(context, LIST, { type: 'success', ...SEARCH_NAME_TOASTS.added });
  },
});

const COLUMNS: AdminListColumn<AdminSynonym>[] = [
  { heading: 'Buyers Type', className: 'font-medium', cell: (row) => row.term },
  { heading: 'Finds Products Called', cell: (row) => row.means },
];

function SearchNameForm({
  synonym,
  fieldErrors,
}: {
  synonym: AdminSynonym | null;
  fieldErrors: Record<string, string>;
}) {
  return (
    <Form method="post" className="space-y-4" preventScrollReset noValidate>
      <input type="hidden" name="intent" value={synonym ? 'update' : 'create'} />
      {synonym ? <input type="hidden" name="synonymId" value={synonym.id} /> : null}
      <Field
        label="Name buyers type"
        name="term"
        defaultValue={synonym?.term ?? ''}
        required
        maxLength={60}
        placeholder="titus"
        hint="A market, Yoruba, Igbo, Hausa or Pidgin name, or a common misspelling."
        error={fieldErrors.term}
      />
      <Field
        label="Word in product names"
        name="means"
        defaultValue={synonym?.means ?? ''}
        required
        maxLength={60}
        placeholder="mackerel"
        hint="Searching the name also finds the products whose name or description has this word."
        error={fieldErrors.means}
      />
      <FormActions cancelTo={LIST} submitLabel="Save" />
    </Form>
  );
}

/**
 * The names buyers search by (issue 34): "titus" finds mackerel, "kpanla" finds panla. Ours, beside the
 * spec's admin screens, shaped like them.
 */
export default function AdminSearchNames() {
  const { synonyms, editing, adding } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>(), {
    failureToast: 'unless-field-errors',
  });
  return (
    <AdminListScreen
      path={LIST}
      title="Search Names"
      add="Add Search Name"
      rows={synonyms}
      rowKey={(row) => row.id}
      columns={COLUMNS}
      rowActions={(row) => (
        <>
          <RowLink to={`${LIST}?edit=${row.id}`} icon="edit" label={`Edit search name ${row.term}`} />
          <RowConfirmButton
            icon="delete"
            label={`Delete search name ${row.term}`}
            title="Are you sure?"
            description={`Searching "${row.term}" will no longer find "${row.means}".`}
            fields={{ intent: 'delete', synonymId: row.id }}
          />
        </>
      )}
      minWidth={480}
      empty={
        <div className="rounded-lg border border-slate-200 bg-white p-8 text-center">
          <Languages aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
          <h2 className="mt-2 font-semibold">No search names</h2>
          <p className="text-sm text-slate-700">Add the names buyers call your products by.</p>
        </div>
      }
      dialogParam="edit"
      dialog={
        adding || editing
          ? {
              title: editing ? 'Edit Search Name' : 'Add Search Name',
              content: (
                <SearchNameForm key={editing?.id ?? 'new'} synonym={editing} fieldErrors={fieldErrors} />
              ),
            }
          : null
      }
    />
  );
}
