import { intToIp, ipToInt } from '../cri/ipam';

export { intToIp, ipToInt };

/** An IPv4 prefix: network address (host order) and length. */
export interface Cidr {
  addr: number;
  bits: number;
}

/** The netmask of a prefix length, as a uint32. */
export function maskOf(bits: number): number {
  return bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
}

/** "10.244.0.0/16" or "10.96.0.1" (a /32); undefined when malformed. */
export function parseCidr(text: string): Cidr | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?:\/(\d{1,2}))?$/.exec(text);
  if (!m || m.slice(1, 5).some((o) => Number(o) > 255)) return undefined;
  const bits = m[5] === undefined ? 32 : Number(m[5]);
  if (bits > 32) return undefined;
  return { addr: (ipToInt(m.slice(1, 5).join('.')) & maskOf(bits)) >>> 0, bits };
}

export function isIp(text: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(text) && text.split('.').every((o) => Number(o) <= 255);
}

export function cidrContains(c: Cidr, ip: string | number): boolean {
  const n = typeof ip === 'number' ? ip : ipToInt(ip);
  return ((n & maskOf(c.bits)) >>> 0) === c.addr;
}

export function cidrText(c: Cidr): string {
  return `${intToIp(c.addr)}/${c.bits}`;
}

/** The /24's first address: "10.244.1.0/24" -> "10.244.1.0". */
export function networkAddress(cidr: string): string {
  const c = parseCidr(cidr);
  return c ? intToIp(c.addr) : cidr;
}
