/** The address of this page with `name=value` set: where a link goes before the app runs. */
export function withQuery(
  location: { pathname: string; search: string },
  name: string,
  value: string,
): string {
  const params = new URLSearchParams(location.search);
  params.set(name, value);
  return `${location.pathname}?${params.toString()}`;
}
