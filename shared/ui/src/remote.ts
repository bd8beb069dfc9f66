// What a remote needs to mount into the shell (single-spa's React adapter): loaded with the
// remotes, not with the public pages.
export { RemoteErrorBoundary } from './remote/remote-error-boundary';
export {
  createRemoteLifecycles,
  type RemoteDefinition,
  type RemoteLifecycles,
  type RemoteMountProps,
} from './remote/create-remote-lifecycles';
