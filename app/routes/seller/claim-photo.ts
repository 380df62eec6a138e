import { redirect } from 'react-router';
import { parseRowId } from '#core/ids';
import { isOurImage, variantUrl } from '#core/media/variants';
import { claimPhotoForSeller } from '#core/sellers/line-claims';
import { ClaimPhotoQuerySchema } from '#core/sellers/schemas';
import { load } from '~/lib/route.server';

/**
 * GET /seller/claims/:claimId/photo[?width=400] → the photo of a freshness claim on one of the seller's lines
 * (issue 51 §6), behind the seller's door. The claim is looked up with the seller's own lines (another's is
 * not found); then the seller is sent to the photo where it is stored and served, as every picture is (one
 * copy, decision 043). The seller's page carries this address, never the photo's own.
 */
export const loader = load({
  auth: 'seller',
  query: ClaimPhotoQuerySchema,
  run: async ({ seller, params, query, services: { db } }) => {
    const photoUrl = await claimPhotoForSeller(db, seller.id, parseRowId(params.claimId));
    const width = query.width === '400' ? 400 : 800;
    return redirect(isOurImage(photoUrl) ? variantUrl(photoUrl, width) : photoUrl, {
      headers: { 'Cache-Control': 'private, no-store' },
    });
  },
});
