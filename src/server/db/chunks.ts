/** `items` in parts of at most `size`: one statement each, within the bound-parameter and IN-list sizes a database takes. */
export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
