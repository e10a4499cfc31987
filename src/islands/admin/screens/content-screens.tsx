/** Admin screens of articles, comments, feedback, punishments and site content, by path. */
import type { ComponentType } from 'react';

export const CONTENT_SCREENS: Record<string, ComponentType> = {};
