declare module '@brand' {
  import type { BrandPack } from '@lending/contracts';
  const brand: BrandPack;
  export default brand;
}

declare module '@remote-app' {
  import type { RemoteLifecycles } from '@lending/ui/remote';
  const lifecycles: RemoteLifecycles;
  export default lifecycles;
}
