/** Admin screens of the documents area, by path; AdminContent looks paths up here. */
import type { ComponentType } from 'react';

export const DOCUMENT_SCREENS: Record<string, ComponentType> = {};
