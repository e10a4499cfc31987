import { z } from 'zod';
import { publicSettings, type PublicName, type SettingGroup, type SettingType } from '../domain/settings/index.ts';

type ZodOf<T extends SettingType> = T extends 'number'
  ? z.ZodNumber
  : T extends 'bool'
    ? z.ZodBoolean
    : T extends 'list'
      ? z.ZodArray<z.ZodString>
      : z.ZodString;

const zodOf = (type: SettingType): z.ZodType =>
  type === 'number' ? z.number() : type === 'bool' ? z.boolean() : type === 'list' ? z.array(z.string()) : z.string();

/** The reply fields of the settings a group declares `public` (src/domain/settings): GET /settings sends them as they are. */
export function publicFields<G extends SettingGroup>(group: G): { [K in PublicName<G>]: ZodOf<G[K]['type']> } {
  return Object.fromEntries(publicSettings(group).map((s) => [s.name, zodOf(s.type)])) as {
    [K in PublicName<G>]: ZodOf<G[K]['type']>;
  };
}
