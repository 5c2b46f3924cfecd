/** Today on the user's own calendar (not UTC's), `yyyy-MM-dd`, to compare with the API's dates. */
export function localTodayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
