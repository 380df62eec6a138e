import { dayMonth } from '../calendar';
import { farmLabel } from './source-rules';

/*
 * An order's line that named a farm, in words (issue 51 §3). Browser-safe; kept out of source-rules.ts so
 * the cart's script does not carry the order pages' words (nor the calendar).
 */

/** Where an order's line that named a farm comes from, as its order and the dispatch sheet say it. */
export interface LineOrigin {
  batchId: number;
  /** The seller's offer the batch was received from (the hub's receiving list numbers them). */
  offerId: number;
  farm: string;
  seller: string;
  place: string;
  harvestedOn: string;
}

/** "From Briggs Farm, Bonny, Rivers": the buyer's words, as the cart line said it. */
export function buyerOrigin(origin: LineOrigin): string {
  return `From ${farmLabel(origin)}`;
}

/**
 * "Briggs Farm (Okafor Fisheries), Bonny, Rivers · harvested 1 Dec · offer #12": the shop's words, so a
 * packer takes the line from that farm's batch and no other.
 */
export function packerOrigin(origin: LineOrigin): string {
  return `${origin.farm} (${origin.seller}), ${origin.place} · harvested ${dayMonth(origin.harvestedOn)} · offer #${origin.offerId}`;
}
