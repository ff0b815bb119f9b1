/** Go's time.RFC1123Z layout, in UTC as the model's clock is: "Thu, 01 Jan 2026 10:00:00 +0000". */
export function rfc1123z(timestamp: string | null | undefined): string {
  const t = timestamp ? Date.parse(timestamp) : 0;
  const d = new Date(Number.isNaN(t) ? 0 : t);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]}, ${p(d.getUTCDate())} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}
