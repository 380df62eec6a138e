import { parseRowIdParam } from '~/lib/errors.server';
import { load } from '~/lib/route.server';
import { shopDay } from '#core/calendar';
import { cycleReport, cycleReportCsv, cycleReportFilename } from '#core/farm/report';

/**
 * GET /farm/:farmId/cycles/:cycleId/report.csv → the cycle report as a CSV file, for a spreadsheet
 * (behind the owner's door, owner-area.tsx; cycleReport refuses anyone else again).
 */
export const loader = load({
  auth: 'farm',
  run: async ({ farm, params, services: { db } }) => {
    const cycleId = parseRowIdParam(params.cycleId, 'This cycle is not on the farm.');
    const report = await cycleReport(db, farm, cycleId, shopDay(new Date()));
    return new Response(cycleReportCsv(report), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${cycleReportFilename(report)}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
});
