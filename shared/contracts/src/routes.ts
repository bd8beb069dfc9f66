/** Who may open a route: anyone, a signed-in applicant, a guarantor by link, or staff. */
export type RouteAccess = 'public' | 'applicant' | 'guarantor' | 'staff';

export type RouteOwner =
  'shell' | 'mf-onboarding' | 'mf-loan-status' | 'mf-repayment' | 'mf-guarantor' | 'mf-admin';

export interface RouteEntry {
  /** Path pattern; `:name` is a segment parameter. */
  path: string;
  owner: RouteOwner;
  access: RouteAccess;
}

/** An entry of remotes.json: where one remote's federation manifest lives in this environment. */
export interface RemoteLocation {
  name: Exclude<RouteOwner, 'shell'>;
  manifestUrl: string;
}

export interface RemotesManifest {
  /** After this long without the remote's screens, the shell shows the fallback with retry. */
  loadTimeoutMs?: number;
  remotes: RemoteLocation[];
}
