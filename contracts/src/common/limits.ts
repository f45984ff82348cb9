/** Business constants of spec §9 that both the platform and the site read. */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 32,
  passwordMin: 6,
  passwordMax: 128,
  emailMax: 254,
  strengthCriteria: 5,
  usersPageDefault: 1,
  usersLimitDefault: 20,
  usersLimitMax: 100,
  listLimitDefault: 20,
  dashboardPageSize: 10,
  accessTokenExpiresIn: 3600,
  descriptionMetaMax: 160,
  searchMax: 100,
} as const;

export const TIMINGS = {
  loginToastMs: 3000,
  loginToastAdminMs: 2000,
  loginRedirectDelayMs: 1000,
  logoutRedirectDelayMs: 1000,
  registerToastMs: 5000,
  registerAutoLoginDelayMs: 1500,
  registerRedirectDelayMs: 1500,
  registerFallbackDelayMs: 2000,
  dashboardRedirectCountdownS: 3,
  loginErrorToastMs: 5000,
} as const;

export const FOOTER_YEAR = 2025;
