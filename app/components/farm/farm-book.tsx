import { createContext, useContext } from 'react';

/** Whose phone book this is and which farm: what the farm's pages' forms queue lines under. */
export interface FarmBook {
  userKey: string;
  farmId: number;
}

export const FarmBookContext = createContext<FarmBook | null>(null);

export function useFarmBook(): FarmBook | null {
  return useContext(FarmBookContext);
}
