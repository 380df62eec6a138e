import { describe, expect, it } from 'vitest';
import { parseForm } from '~/lib/forms';
import { addPickupLocation, pickupLocationsFor } from '#core/delivery/rates';
import { DeliveryRateFormSchema } from '#core/delivery/schemas';

// Spec §5 "Delivery rate form".
describe('pickup location chips', () => {
  it('adds a location only if it is not empty after trimming and not already listed', () => {
    expect(addPickupLocation([], '  Rumuola  ')).toEqual(['Rumuola']);
    expect(addPickupLocation(['Rumuola'], '   ')).toEqual(['Rumuola']);
    expect(addPickupLocation(['Rumuola'], 'rumuola')).toEqual(['Rumuola']);
    expect(addPickupLocation(['Rumuola'], 'GRA  Phase 2')).toEqual(['Rumuola', 'GRA Phase 2']);
  });

  it('keeps pickup locations only for the pickup method', () => {
    expect(pickupLocationsFor('pickup', [' A ', 'a', '', 'B'])).toEqual(['A', 'B']);
    expect(pickupLocationsFor('standard', ['A'])).toEqual([]);
  });
});

describe('the rate form', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return parseForm(DeliveryRateFormSchema, data);
  };

  it('reads the base rate in naira as kobo, in steps of ₦100', () => {
    expect(form({ location: 'Aba', method: 'standard', baseRate: '2,500' })).toMatchObject({
      ok: true,
      data: { location: 'Aba', baseRate: 250_000, pickupLocations: [''] },
    });
    expect(form({ location: 'Aba', method: 'standard', baseRate: '0' })).toMatchObject({ ok: true });
    expect(form({ location: 'Aba', method: 'standard', baseRate: '2550' })).toEqual({
      ok: false,
      fieldErrors: { baseRate: 'Base rate must be in steps of ₦100' },
    });
    expect(form({ location: 'Aba', method: 'standard', baseRate: '2500.50' })).toMatchObject({ ok: false });
  });
});
