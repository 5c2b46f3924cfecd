import { baseApi } from '../../api/baseApi';
import type {
  UsageStatsEvent,
  UsageStatsRequest,
  UsageStatsResponse,
} from '../../api/contract/stats';

export const statsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/stats/` (SEND_USER_ACTION_STATS): a failure never disturbs the user. */
    sendUserActionStats: build.mutation<UsageStatsResponse, UsageStatsRequest>({
      query: (body) => ({ url: '/api/stats/', method: 'POST', body }),
      extraOptions: { silent: true },
    }),
  }),
});

export const { useSendUserActionStatsMutation } = statsApi;

/**
 * A usage-statistics event to dispatch: fire and forget, nothing kept in the store, and a failure
 * never reaches the user.
 */
export const trackUsage = (event: UsageStatsEvent) =>
  statsApi.endpoints.sendUserActionStats.initiate(
    { data: { ...event, action_detail: event.action_detail?.slice(0, MAX_DETAIL) } },
    { track: false },
  );

/** The server keeps at most 200 characters of a detail. */
const MAX_DETAIL = 200;

/** Session-storage flag: this tab has counted its sign-in (login, or login_to_tab for a new tab). */
export const TAB_SIGNED_IN_KEY = 'pep.stats.tabSignedIn';

/** Counts a sign-in once per tab: `login` right after signing in, `login_to_tab` for a new tab. */
export const trackSignIn = (action: 'login' | 'login_to_tab') => {
  sessionStorage.setItem(TAB_SIGNED_IN_KEY, 'true');
  return trackUsage({ action });
};

export const tabHasSignedIn = () => sessionStorage.getItem(TAB_SIGNED_IN_KEY) === 'true';
