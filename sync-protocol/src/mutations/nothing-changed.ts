/** An update must change something: an empty patch is refused with this. */
export const NOTHING_CHANGED = '変更された項目がありません';
