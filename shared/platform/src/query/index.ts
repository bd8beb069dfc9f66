// Server state in the browser: one cache per page. A separate entry of the platform package so
// the landing page, which loads no server data, does not carry the query library.
export { queryKeys, USER_SCOPED_RESOURCES, type QueryResource } from './query-keys';
export {
  cacheSavedApplication,
  connectQueryCacheToBus,
  createPageQueryClient,
  queryClient,
  retryOnceOnNetworkFailure,
} from './query-client';
export { loadStatusOf, useServerQuery, type LoadStatusOf } from './use-server-query';
export type { QueryClient, UseQueryResult } from '@tanstack/react-query';
