/** LanguageAPI — document languages, "industry management" in the admin (api-contract §2.16). */
import { getList, normalizeLanguage } from './defaults.ts';
import { http } from './http.ts';

type Empty = Record<string, never>;

export interface LanguageListParams {
  page?: number;
  /** the server defaults to 10 */
  size?: number;
  wd?: string;
  enable?: boolean[];
  field?: string[];
}

export const listLanguage = (params: LanguageListParams) => getList('/language/list', params, 'language', normalizeLanguage);

export const createLanguage = (body: { language: string; code: string; enable?: boolean; sort?: number }) =>
  http.post<Empty>('/language', body);

export const updateLanguage = (body: { id: number; language?: string; enable?: boolean; sort?: number }) =>
  http.put<Empty>('/language', body);

export const updateLanguageStatus = (body: { id: number[]; enable: boolean }) => http.put<Empty>('/language/status', body);

export const deleteLanguage = (params: { id: number[] }) => http.del<Empty>('/language', params);
