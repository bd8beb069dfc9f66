type RemoteReloader = (remote: string) => Promise<void>;

let reloader: RemoteReloader | null = null;

/** The shell registers how a remote is fetched afresh from the server. */
export function setRemoteReloader(next: RemoteReloader | null): void {
  reloader = next;
}

/** A remote's retry asks the shell to fetch it again; alone (a harness, a test) nothing can be
 *  fetched again, so the caller re-renders instead. Returns whether the shell took it. */
export function reloadRemote(remote: string): boolean {
  if (!reloader) return false;
  void reloader(remote);
  return true;
}
