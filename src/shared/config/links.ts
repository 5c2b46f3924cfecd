/** External help and support addresses (spec §2 and §9; the real targets are configured per deployment). */
export const SUPPORT_LINKS = {
  supportChat: 'https://chat.example.com/pep-support',
  documentSpace: 'https://docs.example.com/pep',
  faq: 'https://docs.example.com/pep/faq',
  contact: 'mailto:pep-support@example.com',
  workplaceGroup: 'https://workplace.example.com/groups/pep',
} as const;

/** The help pages shipped with the app. */
export const HELP_PATH = '/online-help/index.htm';

/** Spec §3 Configuration: the power-BI report the reports page links to (opens in a new tab). */
export const POWER_BI_REPORT_URL = 'https://app.powerbi.com/groups/me/reports/pep-portfolio';
