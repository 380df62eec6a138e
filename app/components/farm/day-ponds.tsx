import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Droplets } from 'lucide-react';
import { Link } from 'react-router';
import { Field } from '~/components/ui/field';
import { dayMonth } from '#core/calendar';
import { formatKg, groupThousands } from '#core/money';
import { SPECIES_LABEL } from '#core/farm/species';
import type { DayView, PondToday } from '#core/farm/views';
import type { FarmRole } from '#core/farm/farms';
import { FARM_REMINDER_LABELS, type ContactChannel } from '#core/messages/contact';
import { useFarmOutbox } from '~/lib/farm-outbox';
import { useFarmBook } from './farm-book';
import { LineForm } from './line-form';
import { RefusedLines } from './waiting-lines';

type LineIds = Record<'fed' | 'feeding' | 'deaths' | 'water' | 'note', string>;

/** The day's page (issue 50 §3): every pond, its ration and a one-tap "Fed as planned". */
export function DayPonds({
  today,
  ponds,
  ids,
  farmId,
  role,
  reminders,
}: DayView & {
  ids: LineIds[];
  farmId: number;
  role: FarmRole;
  /** The owner's choice of reminders; null for a worker. */
  reminders: ContactChannel | null;
  fieldErrors: Record<string, string>;
}) {
  const stocked = ponds.filter((entry) => entry.cycle !== null);
  const book = useFarmBook();
  const { lines } = useFarmOutbox(book?.userKey ?? '', farmId);
  // A pond logged on this phone and not sent yet is logged all the same.
  const loggedHere = new Set(
    lines.filter((line) => line.entry.on === today).map((line) => line.entry.cycleId),
  );
  const logged = stocked.filter((entry) => entry.logged || loggedHere.has(entry.cycle!.id)).length;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Today, {dayMonth(today)}</h1>
        <p className="text-slate-700">
          {stocked.length === 0
            ? 'No pond is stocked yet.'
            : `${logged} of ${stocked.length} stocked ponds logged today.`}
        </p>
        {reminders !== null && stocked.length > 0 ? (
          <p className="mt-1 text-sm text-slate-700">
            {reminders === 'email'
              ? 'Reminders on your phone are off. '
              : `Reminders come by ${FARM_REMINDER_LABELS[reminders]}. `}
            <Link to={`/farm/${farmId}/reminders`} className="font-medium text-brand-700 underline">
              {reminders === 'email' ? 'Turn on reminders' : 'Change reminders'}
            </Link>
          </p>
        ) : null}
      </header>
      {ponds.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          {role === 'owner' ? (
            <>
              Add your first pond on the{' '}
              <Link to={`/farm/${farmId}/ponds`} className="font-medium text-brand-700 underline">
                Ponds
              </Link>{' '}
              page.
            </>
          ) : (
            "The farm's owner has not added any pond yet."
          )}
        </p>
      ) : null}
      {ponds.map((entry, i) => (
        <PondCard key={entry.pond.id} entry={entry} ids={ids[i]!} today={today} farmId={farmId} role={role} />
      ))}
    </div>
  );
}

function PondCard({
  entry,
  ids,
  today,
  farmId,
  role,
}: {
  entry: PondToday;
  ids: LineIds;
  today: string;
  farmId: number;
  role: FarmRole;
}) {
  const { pond, cycle, ration } = entry;
  const headingId = `pond-${pond.id}`;
  const book = useFarmBook();
  const { lines } = useFarmOutbox(book?.userKey ?? '', farmId);
  // What this phone wrote today and the book has not got yet counts on the page at once.
  const mine = lines.filter(
    (line) => !line.refused && line.entry.cycleId === cycle?.id && line.entry.on === today,
  );
  const fedTodayG =
    entry.fedTodayG +
    mine.reduce((sum, line) => sum + (line.entry.kind === 'feeding' ? line.entry.feedG : 0), 0);
  const fedAsPlanned =
    entry.fedAsPlanned || mine.some((line) => line.entry.kind === 'feeding' && line.entry.asPlanned === true);
  const deathsToday =
    entry.deathsToday +
    mine.reduce((sum, line) => sum + (line.entry.kind === 'deaths' ? line.entry.count : 0), 0);
  if (!cycle)
    return (
      <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {pond.name}
        </h2>
        <p className="text-slate-700">
          Empty.{' '}
          {role === 'owner' ? (
            <Link to={`/farm/${farmId}/ponds`} className="font-medium text-brand-700 underline">
              Stock it
            </Link>
          ) : null}
        </p>
      </section>
    );
  const forPond = { ids, cycleId: cycle.id, today };
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          <Link to={`/farm/${farmId}/cycles/${cycle.id}`} className="hover:underline">
            {pond.name}
          </Link>
        </h2>
        <p className="text-sm text-slate-700">
          {SPECIES_LABEL[cycle.species]} · day {cycle.day} · {groupThousands(cycle.alive)} fish of about{' '}
          {formatKg(cycle.avgWeightG)} ({formatKg(cycle.biomassG)})
        </p>
      </div>
      {ration ? (
        <div className="rounded-md bg-brand-50 p-3">
          <p className="font-semibold text-slate-900">
            Feed today: {formatKg(ration.feedG)} of {ration.pelletMm} mm pellets
          </p>
          <p className="text-sm text-slate-700">
            {ration.meals.length} meals of {ration.meals.map((meal) => formatKg(meal)).join(' + ')} ·{' '}
            {ration.percentBwPerDay}% of their weight
          </p>
        </div>
      ) : null}
      {fedTodayG > 0 ? (
        <p className="flex items-center gap-2 font-medium text-green-800">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
          Fed {formatKg(fedTodayG)} today{fedAsPlanned ? ', as planned' : ''}
        </p>
      ) : ration ? (
        <LineForm
          intent="fed-as-planned"
          id={ids.fed}
          cycleId={cycle.id}
          on={today}
          submitLabel="Fed as planned"
          hidden={{ feedG: ration.feedG, pelletMm: ration.pelletMm }}
        />
      ) : null}
      {deathsToday > 0 ? (
        <p className="text-sm text-slate-800">{groupThousands(deathsToday)} dead today</p>
      ) : null}
      {mine.length > 0 ? (
        <p className="text-sm text-slate-700" data-testid="pond-waiting">
          {mine.length === 1 ? '1 entry' : `${mine.length} entries`} on this phone, not sent yet
        </p>
      ) : null}
      <RefusedLines cycleId={cycle.id} />
      {entry.waterWarnings.map((warning) => (
        <p
          key={warning}
          role="alert"
          className="flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
        >
          <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
          {warning}
        </p>
      ))}
      <details className="rounded-md border border-slate-200 p-3">
        <summary className="cursor-pointer font-medium text-slate-900">Record something else</summary>
        <div className="mt-3 space-y-5">
          <OtherLine intent="feeding" {...forPond} submitLabel="Save feeding" legend="Fed a different amount">
            {(errors) => (
              <>
                <Field label="Feed given (kg)" name="feedKg" inputMode="decimal" error={errors.feedKg} />
                <Field label="Which feed" name="feedName" maxLength={80} error={errors.feedName} />
                <Field
                  label="Pellet size (mm)"
                  name="pelletMm"
                  inputMode="decimal"
                  defaultValue={ration ? String(ration.pelletMm) : ''}
                  error={errors.pelletMm}
                />
              </>
            )}
          </OtherLine>
          <OtherLine intent="deaths" {...forPond} submitLabel="Save deaths" legend="Dead fish">
            {(errors) => (
              <>
                <Field label="How many" name="count" inputMode="numeric" error={errors.count} />
                <Field label="Cause, if known" name="cause" maxLength={120} error={errors.cause} />
              </>
            )}
          </OtherLine>
          <OtherLine
            intent="water"
            {...forPond}
            submitLabel="Save water"
            columns="grid grid-cols-2 gap-3"
            legend={
              <>
                <Droplets aria-hidden="true" className="h-4 w-4" /> Water, if measured
              </>
            }
          >
            {(errors) => (
              <>
                <Field
                  label="Temperature (°C)"
                  name="temperatureC"
                  inputMode="decimal"
                  error={errors.temperatureC}
                />
                <Field
                  label="Oxygen (mg/L)"
                  name="dissolvedOxygenMgL"
                  inputMode="decimal"
                  error={errors.dissolvedOxygenMgL}
                />
                <Field label="pH" name="ph" inputMode="decimal" error={errors.ph} />
                <Field
                  label="Ammonia, NH₃ (mg/L)"
                  name="ammoniaMgL"
                  inputMode="decimal"
                  error={errors.ammoniaMgL}
                />
              </>
            )}
          </OtherLine>
          <OtherLine intent="note" {...forPond} submitLabel="Save note">
            {(errors) => <Field label="Note" name="note" maxLength={1000} error={errors.note} />}
          </OtherLine>
        </div>
      </details>
    </section>
  );
}

/**
 * One of the pond's "Record something else" forms: a line of `intent` for today, its fields in a
 * fieldset under `legend` (a note is its one field, without one).
 */
function OtherLine({
  intent,
  ids,
  cycleId,
  today,
  submitLabel,
  legend,
  columns = 'grid gap-3 sm:grid-cols-2',
  children,
}: {
  intent: 'feeding' | 'deaths' | 'water' | 'note';
  ids: LineIds;
  cycleId: number;
  today: string;
  submitLabel: string;
  legend?: ReactNode;
  columns?: string;
  children: (errors: Record<string, string>) => ReactNode;
}) {
  return (
    <LineForm
      intent={intent}
      id={ids[intent]}
      cycleId={cycleId}
      on={today}
      submitLabel={submitLabel}
      variant="outline"
    >
      {(errors) =>
        legend === undefined ? (
          children(errors)
        ) : (
          <fieldset className={columns}>
            <legend className="mb-2 flex items-center gap-1 font-medium">{legend}</legend>
            {children(errors)}
          </fieldset>
        )
      }
    </LineForm>
  );
}
