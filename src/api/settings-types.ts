/**
 * GET /settings (api-contract §3.11, spec §1). Every group always present after `settingsWithDefaults`.
 * The shapes are the contract's own, under the client's names.
 */
export type {
  ConfigDisplay as SettingsDisplay,
  ConfigFooter as SettingsFooter,
  ConfigOauth as SettingsOAuth,
  ConfigSms as SettingsSms,
  ConfigSecurity as SettingsSecurity,
  ConfigSystem as SettingsSystem,
  ConfigVip as SettingsVip,
  ConfigPayment as SettingsPayment,
  ConfigDownload as SettingsDownload,
  Settings,
  SettingsLanguage,
} from '../contract/config.ts';
