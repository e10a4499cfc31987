/** The public site settings with every group and field defaulted (the other ConfigAPI calls go through `call()`). */
import { call } from './call.ts';
import { configSettings } from './generated/config.ts';
import { mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import { settingsWithDefaults } from './settings-defaults.ts';
import type { Settings } from './types.ts';

export const getSettings = async (): Promise<ApiResult<Settings>> => mapOk(await call(configSettings), settingsWithDefaults);
