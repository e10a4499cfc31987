/**
 * Client-side wire shapes of /api/v1 (api-contract §3). The server omits zero values,
 * so raw answers are `Partial<…>`; `call()` fills them from the generated zero templates
 * into these complete shapes (`Filled`). Every shape comes from the shared contract (`src/contract`) through
 * type-only imports, which are erased: no schema code reaches the browser bundles.
 */
import type { AttachmentItem } from '../contract/attachment.ts';
import type { Download as ContractDownload } from '../contract/download.ts';
import type { AuthReply, User as ContractUser } from '../contract/user.ts';
import type { Filled } from './call.ts';

export type { Category } from '../contract/category.ts';
export type { ConfigItem } from '../contract/config.ts';
export type { Group } from '../contract/group.ts';
export type { Language } from '../contract/language.ts';
export type { Navigation } from '../contract/navigation.ts';
export type { Permission } from '../contract/permission.ts';

/** The contract user with every field filled (`login_at` null: never signed in). */
export type User = Filled<ContractUser>;

/** An attachment as the admin pages see it (uploader's name and type label added). */
export type Attachment = AttachmentItem;

/** A download with every field filled; the client does not read the price. */
export type Download = Omit<Required<ContractDownload>, 'price'>;

/** A sign-in answer (password, SMS, third party): `{token, user}`. */
export type LoginReply = Filled<AuthReply>;

export type { Stats, EnvDependent, DeviceInfo, OperationsHour, OperationsReply, Release, UploadReply } from './types-system.ts';
export type { Settings, SettingsSystem, SettingsFooter, SettingsSecurity, SettingsDisplay } from './settings-types.ts';
export type { SettingsLanguage, SettingsVip, SettingsOAuth } from './settings-types.ts';
