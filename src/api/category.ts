/** CategoryAPI (spec §7, api-contract §2.4). */
import { getList, normalizeCategory } from './defaults.ts';
import type { PageQuery, Category } from './types.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

type Empty = Record<string, never>;

/** Writable fields; `title` may hold several lines, each creating one category. */
export type CategoryInput = Partial<Omit<Category, 'id' | 'doc_count' | 'created_at' | 'updated_at'>> & { title: string };

export interface CategoryListParams extends PageQuery {
  parent_id?: number[];
  enable?: boolean[];
  /** columns to select, repeated `field=id&field=title` */
  field?: string[];
  /** 0 document, 1 article; the server defaults to [0] */
  type?: number[];
}

export const createCategory = (body: CategoryInput) => http.post<Empty>('/category', body);

/** Every column is overwritten: send the full category. */
export const updateCategory = (body: CategoryInput & { id: number }) => http.put<Empty>('/category', body);

/** Only categories without documents are deleted (with their empty children). */
export const deleteCategory = (params: { id: number[] }) => http.del<Empty>('/category', params);

export const getCategory = async (params: { id: number }): Promise<ApiResult<Category>> =>
  mapOk(await http.get<unknown>('/category', params), normalizeCategory);

/** No `total` comes back for categories; it stays 0. */
export const listCategory = (params: CategoryListParams) => getList('/category/list', params, 'category', normalizeCategory);
