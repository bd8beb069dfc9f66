import type { BrandPack, TenantId } from '@lending/contracts';

import arkcash from './arkcash';
import redcash from './redcash';

export const brands: Record<TenantId, BrandPack> = { arkcash, redcash };

export function brandById(id: string): BrandPack {
  const brand = brands[id as TenantId];
  if (!brand) throw new Error(`Unknown brand "${id}"`);
  return brand;
}
