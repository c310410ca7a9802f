import type { CODE_EDITOR_SIZES } from '@ops/shared';

export type CodeEditorSize = (typeof CODE_EDITOR_SIZES)[number];

/** Height of each editor size; 'full' fills its parent, which must have a height. */
export const CODE_EDITOR_HEIGHTS: Record<CodeEditorSize, string> = {
  'very-small': 'h-28',
  small: 'h-48',
  medium: 'h-80',
  large: 'h-[32rem]',
  full: 'h-full min-h-48',
};
