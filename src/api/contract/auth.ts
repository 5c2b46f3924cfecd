/** Spec §3 "Current user" and the auth calls of spec §7. */

export interface BannerSettings {
  isHideBanner: boolean;
  text: string;
}

export interface CurrentUser {
  id: number;
  name: string;
  login: string;
  permissions: string[];
  risk_action_requests_counter: number;
  available_checklists_counter: number;
  banner: BannerSettings;
  isPortfolio: boolean;
}

export interface PlatformProject {
  id: number;
  name: string;
}

/** `GET /api/auth/self/?platform=true` adds the user's platform projects. */
export interface CurrentUserWithPlatform extends CurrentUser {
  platform_projects: PlatformProject[];
}

export interface TokenRefreshRequest {
  refresh: string;
}

export interface TokenRefreshResponse {
  access: string;
}

/** Mock-only: the fake-auth screen stands in for corporate SSO. */
export interface FakeAuthRequest {
  persona: string;
}

export interface FakeAuthResponse {
  access: string;
  refresh: string;
  user: CurrentUser;
}

/** Mock-only: what the fake-auth screen shows of each persona. */
export interface PersonaSummary {
  id: string;
  name: string;
  login: string;
  role: string;
  description: string;
  isPortfolio: boolean;
}
