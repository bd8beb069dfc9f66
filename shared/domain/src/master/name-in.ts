/** The name of a master-data item in the given language: its Malay name when it has one. */
export function nameIn(
  language: 'EN' | 'MS',
  item: { name: string; nameMs?: string | null | undefined },
): string {
  return language === 'MS' && item.nameMs ? item.nameMs : item.name;
}
