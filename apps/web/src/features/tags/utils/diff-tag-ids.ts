/** The individual removals and additions that turn one tag set into another. */
export function diffTagIds(before: readonly number[], after: readonly number[]) {
  return {
    remove: before.filter((id) => !after.includes(id)),
    add: after.filter((id) => !before.includes(id)),
  };
}
