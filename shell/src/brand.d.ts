declare module '@brand' {
  import type { BrandPack } from '@lending/contracts';
  const brand: BrandPack;
  export default brand;
}
