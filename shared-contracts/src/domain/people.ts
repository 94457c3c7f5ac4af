/** 'Asha Rao' → 'AR', 'asha' → 'A': what an avatar shows when there is no photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (Array.from(first)[0]! + (last ? Array.from(last)[0]! : '')).toLocaleUpperCase('en-IN');
}
