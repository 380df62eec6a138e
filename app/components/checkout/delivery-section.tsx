import { useEffect, useState, type ReactNode } from 'react';
import { Alert } from '~/components/ui/alert';
import { inputClasses } from '~/components/ui/field';
import { findRate, type RateFacts } from '#core/checkout/pricing';
import type { DeliveryMethod } from '#core/delivery/methods';
import { DeliveryMethodPicker, type FeeFacts } from './delivery-method-picker';
import { PlacePicker } from '~/components/delivery/place-picker';

/** The pickup points of the location typed, and whether they are still catching up with it. */
export function usePickupLocations(rates: RateFacts[], location: string) {
  // Spec §4: the pickup points follow the location 200 ms after typing stops.
  const [settled, setSettled] = useState(location);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(location), 200);
    return () => clearTimeout(timer);
  }, [location]);
  return {
    pickupLocations: findRate(rates, settled, 'pickup')?.pickupLocations ?? [],
    settling: settled !== location,
  };
}

/**
 * Checkout's delivery choices: the location (suggested from the stored rates), the method, and for
 * pickup a point from the location's list, or one typed where the location has none (spec §8's warning).
 */
export function DeliverySection({
  location,
  onLocationChange,
  locations,
  method,
  onMethodChange,
  order,
  pickupLocations,
  pickupLocation,
  onPickupLocationChange,
  slotPicker,
  shelfLife,
}: {
  location: string;
  onLocationChange: (location: string) => void;
  /** The places the shop delivers to (the location is chosen from them, or typed as not listed). */
  locations: string[];
  method: DeliveryMethod;
  onMethodChange: (method: DeliveryMethod) => void;
  order: FeeFacts;
  pickupLocations: string[];
  pickupLocation: string;
  onPickupLocationChange: (pickupLocation: string) => void;
  /** The delivery slots, for a method and location that deliver in slots. */
  slotPicker?: ReactNode;
  /** Days the cart's goods keep: the methods too slow for them are disabled. */
  shelfLife: number | null;
}) {
  return (
    <section
      aria-labelledby="delivery-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="delivery-heading" className="text-lg font-semibold">
        Delivery
      </h2>
      <div>
        <PlacePicker
          id="delivery-location"
          label="Delivery location"
          places={locations}
          value={location}
          onChange={onLocationChange}
        />
      </div>
      <DeliveryMethodPicker method={method} onChange={onMethodChange} order={order} shelfLife={shelfLife} />
      {slotPicker}
      {method === 'pickup' ? (
        <div>
          {pickupLocations.length > 0 ? (
            <>
              <label htmlFor="pickup-location" className="block text-sm font-medium text-slate-800">
                Pickup point
              </label>
              <select
                id="pickup-location"
                value={pickupLocation}
                onChange={(e) => onPickupLocationChange(e.target.value)}
                className={`${inputClasses} mt-1`}
              >
                <option value="">Choose a pickup point</option>
                {pickupLocations.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <>
              <Alert tone="warning">
                No pickup locations available for {location.trim() || 'this location'}. Please enter your
                preferred location or choose a different delivery method.
              </Alert>
              <label htmlFor="pickup-typed" className="mt-3 block text-sm font-medium text-slate-800">
                Preferred pickup location
              </label>
              <input
                id="pickup-typed"
                value={pickupLocation}
                onChange={(e) => onPickupLocationChange(e.target.value)}
                maxLength={200}
                className={`${inputClasses} mt-1`}
              />
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
